import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { usePageTitle } from '../components/usePageTitle';
import { formatDateTime, formatNumber } from '../format';
import { HeaderBar } from '../layout';
import { errorMessage, statusOf } from '../providers/errors';
import { http } from '../providers/http';
import { answerPlatform } from './answerPlatform';

interface LinkableExam {
  id: number;
  name: string;
  start_date_time: string;
  end_date_time: string;
  max_mark: number;
}

interface DeepLinkChoice {
  platform: string;
  line_item: boolean;
  exams: LinkableExam[];
}

/** How long typing may pause before the list is searched again. */
const SEARCH_PAUSE_MS = 300;

/**
 * LTI deep linking (issue 46): a teacher at their course chooses the exam the course's activity
 * opens, or cancels. The platform sent them here; nobody signs in. The choice goes back to the
 * platform as its signed answer, posted by this browser, which then leaves for the course.
 */
export function DeepLinkPage() {
  const translate = useTranslate();
  usePageTitle('lti.deep_link.page_title');
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState<DeepLinkChoice | null>(null);
  const [selected, setSelected] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        const query = search.trim() ? new URLSearchParams({ q: search.trim() }) : undefined;
        http<DeepLinkChoice>('/lti/deep-link', { query, signal: controller.signal })
          .then(({ json }) => setChoice(json))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            if (statusOf(error) === 401) setExpired(true);
            setFailure(errorMessage(error));
          });
      },
      choice ? SEARCH_PAUSE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The first load is at once; a search waits for a pause in typing.
  }, [search]);

  const answer = async (examId: number | null) => {
    setFieldError(null);
    setFailure(null);
    setSending(true);
    try {
      const { json } = await http<{ return_url: string; jwt: string }>('/lti/deep-link', {
        method: 'POST',
        body: { exam_id: examId },
      });
      answerPlatform(json.return_url, json.jwt);
    } catch (error) {
      setSending(false);
      if (statusOf(error) === 401) setExpired(true);
      if (statusOf(error) === 422) setFieldError(errorMessage(error));
      else setFailure(errorMessage(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return setFieldError(translate('lti.deep_link.choose_first'));
    void answer(Number(selected));
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <HeaderBar />
      <Container maxWidth="md" component="main" sx={{ py: 4 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('lti.deep_link.title')}
            </Typography>
            {failure && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {translate(failure, { _: failure })}
              </Alert>
            )}
            {choice && !expired && (
              <Box component="form" noValidate onSubmit={submit} data-testid="deep-link-form">
                <Typography sx={{ mb: 1 }}>
                  {translate('lti.deep_link.intro', { platform: choice.platform })}
                </Typography>
                {choice.line_item && (
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {translate('lti.deep_link.line_item')}
                  </Typography>
                )}
                <TextField
                  type="search"
                  label={translate('lti.deep_link.search')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  fullWidth
                  size="small"
                  sx={{ mb: 2 }}
                />
                <FormControl error={Boolean(fieldError)} fullWidth>
                  <FormLabel id="deep-link-exams">{translate('lti.deep_link.list_label')}</FormLabel>
                  {choice.exams.length === 0 ? (
                    <Typography sx={{ my: 2 }}>{translate('lti.deep_link.none')}</Typography>
                  ) : (
                    <RadioGroup
                      aria-labelledby="deep-link-exams"
                      value={selected}
                      onChange={(event) => {
                        setSelected(event.target.value);
                        setFieldError(null);
                      }}
                    >
                      {choice.exams.map((exam) => (
                        <FormControlLabel
                          key={exam.id}
                          value={String(exam.id)}
                          control={<Radio />}
                          sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                          label={
                            <Box>
                              <Typography
                                component="span"
                                data-testid="exam-name"
                                sx={{ display: 'block', fontWeight: 600 }}
                              >
                                {exam.name}
                              </Typography>
                              <Typography component="span" variant="body2" color="text.secondary">
                                {translate('lti.deep_link.window', {
                                  start: formatDateTime(exam.start_date_time),
                                  end: formatDateTime(exam.end_date_time),
                                })}
                                {' · '}
                                {translate('lti.deep_link.max_mark', { mark: formatNumber(exam.max_mark) })}
                              </Typography>
                            </Box>
                          }
                        />
                      ))}
                    </RadioGroup>
                  )}
                  {fieldError && <FormHelperText>{translate(fieldError, { _: fieldError })}</FormHelperText>}
                </FormControl>
                <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                  <Button type="submit" variant="contained" disabled={sending}>
                    {translate('lti.deep_link.add')}
                  </Button>
                  <Button variant="outlined" disabled={sending} onClick={() => void answer(null)}>
                    {translate('lti.deep_link.cancel')}
                  </Button>
                </Stack>
                {sending && (
                  <Typography role="status" sx={{ mt: 2 }}>
                    {translate('lti.deep_link.sending')}
                  </Typography>
                )}
              </Box>
            )}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
