import { useTranslate } from 'react-admin';
import type { DownloadedFile } from '../../providers/reportMethods';
import { FileButtons } from './FileButtons';
import { PageSection } from './PageSection';

/**
 * A titled section of download buttons, one per variant of a file (a template, an export); `title`,
 * `text` and `labels` are catalog keys, and `testId` names the section and prefixes its buttons.
 */
export function DownloadSection<V extends string>({
  title,
  text,
  testId,
  ...buttons
}: {
  title: string;
  text: string;
  testId: string;
  variants: readonly V[];
  labels: Record<V, string>;
  request: (variant: V) => Promise<DownloadedFile>;
}) {
  const translate = useTranslate();
  return (
    <PageSection title={translate(title)} text={translate(text)} testId={testId}>
      <FileButtons testId={testId} {...buttons} />
    </PageSection>
  );
}
