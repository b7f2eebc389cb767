import BadgeIcon from '@mui/icons-material/Badge';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../../locales/languages';
import { useAppDataProvider } from '../providers/appDataProvider';
import { useDownload } from '../components/import-flow';

const CARDS_LABEL: Record<Language, string> = { en: 'roster.cards.print_en', ar: 'roster.cards.print_ar' };

/**
 * A class's login cards as a PDF in English or Arabic. The menu says first what printing does:
 * students who have never signed in get a new password, and cards printed before stop working.
 */
export function LoginCardsMenu() {
  const translate = useTranslate();
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const { pending, download } = useDownload();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const warningId = useId();
  if (!record) return null;
  const print = (language: Language) => {
    setAnchor(null);
    void download(language, () => dataProvider.classLoginCards(Number(record.id), language));
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<BadgeIcon />}
        loading={pending !== null}
        loadingPosition="start"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="login-cards"
      >
        {translate('roster.cards.print')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-describedby': warningId, dense: true } }}
      >
        {/* A subheader: the menu's keyboard focus skips it. */}
        <ListSubheader
          id={warningId}
          sx={{
            position: 'static',
            maxWidth: 340,
            py: 1,
            lineHeight: 1.5,
            whiteSpace: 'normal',
            color: 'warning.dark',
          }}
        >
          {translate('roster.cards.warning')}
        </ListSubheader>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} onClick={() => print(language)}>
            {translate(CARDS_LABEL[language])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
