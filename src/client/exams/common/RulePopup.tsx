import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessageOf, statusOf } from '../../providers/errors';

/** The actions whose business-rule refusals get the popup (SPEC section 8). */
export type RuleAction = 'publish' | 'unpublish' | 'edit';

interface Refusal {
  action: RuleAction;
  id: number;
  message: string | null;
}

/** Shows the popup for a 418 and returns true; any other error is left to the caller (a toast). */
type ShowRefusal = (error: unknown, action: RuleAction, id: number) => boolean;

const RuleContext = createContext<ShowRefusal>(() => false);

/**
 * One popup for every exams screen: status 418 is a business rule, shown with a title naming
 * the action and the exam id, the server's message (or "Unknown error") and a close button.
 */
export function RulePopupProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const show = useCallback<ShowRefusal>((error, action, id) => {
    if (statusOf(error) !== 418) return false;
    setRefusal({ action, id, message: serverMessageOf(error) });
    return true;
  }, []);
  const close = () => setRefusal(null);

  return (
    <RuleContext.Provider value={show}>
      {children}
      <Dialog
        open={refusal !== null}
        onClose={close}
        aria-labelledby="rule-popup-title"
        aria-describedby="rule-popup-message"
        data-testid="rule-popup"
      >
        {refusal && (
          <>
            <DialogTitle id="rule-popup-title">
              {translate(`exams.popup.${refusal.action}_title`, { id: refusal.id })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText id="rule-popup-message">
                {refusal.message ?? translate('exams.popup.unknown')}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} variant="contained" autoFocus>
                {translate('exams.popup.close')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </RuleContext.Provider>
  );
}

/** The popup's `show`: `if (!showRefusal(error, 'publish', id)) toast(...)`. */
export function useRulePopup(): ShowRefusal {
  return useContext(RuleContext);
}
