import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage, LANGUAGES, type Language } from '../../../locales/languages';
import { reloadPage, storeLanguage } from '../language';

/**
 * English or Arabic, stored under `language` (SPEC section 2). The page reloads so
 * direction, fonts, caches and server messages all start in the new language.
 */
export function LanguageSwitcher() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Every catalog names each language in that language, so anyone can find theirs.
  const nameOf = (language: string) => translate(`languages.${language}`);

  const choose = (language: Language) => {
    setAnchor(null);
    if (language === locale) return;
    storeLanguage(language);
    reloadPage();
  };

  return (
    <>
      <Button
        color="inherit"
        data-testid="language-switcher"
        aria-label={`${translate('nav.language')}: ${nameOf(locale)}`}
        aria-haspopup="menu"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <span lang={locale}>{nameOf(locale)}</span>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.filter(isLanguage).map((language) => (
          <MenuItem key={language} lang={language} selected={language === locale} onClick={() => choose(language)}>
            {nameOf(language)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
