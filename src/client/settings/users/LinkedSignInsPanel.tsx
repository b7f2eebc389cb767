import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../format';
import { errorMessage } from '../../providers/errors';
import { http } from '../../providers/http';

interface LinkedSignIn {
  kind: 'sso' | 'lti';
  id: number;
  provider: string;
  subject: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * An administrator sees the identities at single sign-on providers and course platforms (LTI)
 * that sign this user in (issue 46), and unlinks a wrong one: the user is signed out, and that
 * identity's next sign-in is matched afresh.
 */
export function LinkedSignInsPanel({ userId }: { userId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [links, setLinks] = useState<LinkedSignIn[] | null>(null);
  const [unlinking, setUnlinking] = useState<LinkedSignIn | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      http<{ data: LinkedSignIn[] }>(`/users/${userId}/sign-ins`, { signal })
        .then(({ json }) => setLinks(json.data))
        .catch((error: unknown) => {
          if (!signal?.aborted) notify(errorMessage(error), { type: 'error' });
        }),
    [userId, notify],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const unlink = async (link: LinkedSignIn) => {
    setBusy(true);
    try {
      const { json } = await http<{ message: string }>(`/users/${userId}/sign-ins/${link.kind}/${link.id}`, {
        method: 'DELETE',
      });
      notify(json.message, { type: 'success' });
      setUnlinking(null);
      await load();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 640 }} data-testid="linked-sign-ins">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('sign_ins.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('sign_ins.help')}
      </Typography>
      {links?.length === 0 && <Typography>{translate('sign_ins.none')}</Typography>}
      {links && links.length > 0 && (
        <Table size="small" aria-label={translate('sign_ins.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('sign_ins.provider')}</TableCell>
              <TableCell>{translate('sign_ins.subject')}</TableCell>
              <TableCell>{translate('sign_ins.linked_at')}</TableCell>
              <TableCell>{translate('sign_ins.last_used')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {links.map((link) => (
              <TableRow key={`${link.kind}-${link.id}`}>
                <TableCell>
                  {link.provider}
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {translate(`sign_ins.kind.${link.kind}`)}
                  </Typography>
                </TableCell>
                <TableCell dir="ltr" sx={{ wordBreak: 'break-all' }}>
                  {link.subject}
                </TableCell>
                <TableCell>{formatDateTime(link.created_at)}</TableCell>
                <TableCell>
                  {link.last_used_at ? formatDateTime(link.last_used_at) : translate('sign_ins.never')}
                </TableCell>
                <TableCell>
                  <Button
                    color="warning"
                    aria-label={translate('sign_ins.unlink_label', { provider: link.provider })}
                    onClick={() => setUnlinking(link)}
                  >
                    {translate('sign_ins.unlink')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={unlinking !== null} onClose={() => setUnlinking(null)} aria-labelledby="unlink-sign-in-title">
        <DialogTitle id="unlink-sign-in-title">{translate('sign_ins.confirm_title')}</DialogTitle>
        <DialogContent>
          <Typography>{translate('sign_ins.confirm', { provider: unlinking?.provider ?? '' })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnlinking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={busy}
            onClick={() => unlinking && void unlink(unlinking)}
          >
            {translate('sign_ins.unlink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
