import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import PublicIcon from '@mui/icons-material/Public';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CORRECTION_PERMISSIONS, examStudentsPath } from '../../correction';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { examMonitorPath } from '../analysis/ExamTabs';
import { useExamAccess } from '../common/useExamAccess';
import type { Exam } from '../types';
import { MoreActions, type MenuAction } from './MoreActions';
import { useExamActions } from './useExamActions';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useDownload } from '../../components/import-flow';
import { REPORT_PERMISSIONS } from '../../reports';

interface ActionProps {
  label: string;
  icon: ReactElement;
  to: string;
}

/** An icon link named for assistive technology, with the same name as a tooltip. */
function Action({ label, icon, to }: ActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} component={RouterLink} to={to}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** Keeps an action's place in a row where it does not apply, so icons line up from row to row. */
const Slot = () => <Box component="span" aria-hidden sx={{ width: 34, flexShrink: 0 }} />;

/**
 * A row's actions (SPEC section 2, /exams), each only with its permission; localize, assign,
 * the assigned students and exam day only for a published exam, delete only for a draft. Edit
 * (or preview, for one who may not edit) stays in the row; the rest are in a "More actions" menu,
 * so the list fits a 1025 px window.
 */
export function ExamRowActions({ exam }: { exam: Exam }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { can, allows } = useExamAccess();
  const actions = useExamActions();
  const [confirming, setConfirming] = useState(false);
  const dataProvider = useAppDataProvider();
  const { download } = useDownload();
  const label = (key: string) => translate(`exams.actions.${key}`);
  const published = exam.is_published;
  const editor = can('edit');

  const preview: ActionProps = {
    label: label('preview'),
    icon: <VisibilityIcon />,
    to: `/exams/${exam.id}/preview`,
  };
  const more: (MenuAction | false)[] = [
    editor &&
      (published
        ? { label: label('unpublish'), icon: <UnpublishedIcon />, onClick: () => void actions.unpublish(exam) }
        : { label: label('publish'), icon: <PublishIcon />, onClick: () => void actions.publish(exam) }),
    can('create') && {
      label: label('duplicate'),
      icon: <ContentCopyIcon />,
      onClick: () => void actions.duplicate(exam),
    },
    editor && can('preview') && preview,
    published &&
      can('localizations') && { label: label('localize'), icon: <PublicIcon />, to: `/exams/${exam.id}/localize` },
    published &&
      can('assign') && {
        label: translate('delivery.assign.action'),
        icon: <GroupAddIcon />,
        to: `/exams/${exam.id}/assign`,
      },
    published &&
      allows({ anyOf: CORRECTION_PERMISSIONS.students }) && {
        label: translate('exam_students.action'),
        icon: <RateReviewIcon />,
        to: examStudentsPath(exam.id),
      },
    published &&
      can('monitor') && { label: translate('exam_day.tab'), icon: <MonitorHeartIcon />, to: examMonitorPath(exam.id) },
    // Each student's results as a file (issue 41), with the reports' download permission, as the server asks.
    ...(['csv', 'xlsx'] as const).map(
      (format) =>
        published &&
        allows({ anyOf: REPORT_PERMISSIONS.download }) && {
          label: translate(`roster.results.download_${format}`),
          icon: <DownloadIcon />,
          onClick: () => void download(format, () => dataProvider.examResults(exam.id, format, language)),
        },
    ),
    !published &&
      can('delete') && {
        label: label('delete'),
        icon: <DeleteIcon />,
        onClick: () => setConfirming(true),
        danger: true,
      },
  ];
  const menu = more.filter((action): action is MenuAction => action !== false);

  return (
    <Box
      sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-start', flexWrap: 'nowrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      {editor && <Action label={label('edit')} icon={<EditIcon />} to={`/exams/${exam.id}/edit`} />}
      {!editor && can('preview') && <Action {...preview} />}
      {menu.length > 0 ? <MoreActions label={label('more')} actions={menu} /> : <Slot />}
      <Confirm
        isOpen={confirming}
        title={translate('exams.actions.delete_title', { id: exam.id })}
        content={translate('exams.actions.delete_content', { name: nameOf(exam, language) })}
        confirm="ra.action.delete"
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void actions.remove(exam);
        }}
      />
    </Box>
  );
}
