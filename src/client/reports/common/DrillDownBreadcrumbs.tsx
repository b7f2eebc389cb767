import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Breadcrumb } from '../../../common/contracts/index';
import { useLanguage } from '../../i18n/recordName';

/** A step's label in the reader's language. */
export const crumbLabel = (crumb: Breadcrumb, language: string) =>
  language === 'ar' ? crumb.label_ar : crumb.label_en;

/** Where a drill-down list is, from the API's breadcrumbs (SPEC section 3): the last step is the page itself. */
export function DrillDownBreadcrumbs({ trail }: { trail: Breadcrumb[] | undefined }) {
  const translate = useTranslate();
  const language = useLanguage();
  if (!trail?.length) return null;
  const label = (crumb: Breadcrumb) => crumbLabel(crumb, language);
  return (
    <Breadcrumbs aria-label={translate('report_screens.breadcrumbs')} sx={{ mb: 1 }} data-testid="breadcrumbs">
      {trail.slice(0, -1).map((crumb) => (
        <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
          {label(crumb)}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {label(trail[trail.length - 1])}
      </Typography>
    </Breadcrumbs>
  );
}
