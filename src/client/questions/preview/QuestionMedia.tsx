import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AudioPlayButton } from '../../media';
import type { PreviewQuestion } from '../types';
import { InterfaceText, useInterfaceLanguage } from './interfaceText';
import { QuestionImage } from './QuestionImage';

/** The question's picture or audio (played at most `media_replay_count` times, 0: no limit) and its instruction audio. */
export function QuestionMedia({ question }: { question: PreviewQuestion }) {
  const translate = useTranslate();
  const { lang, dir } = useInterfaceLanguage();
  const { media_type, media_url, media_replay_count, instruction_audio_url } = question;
  return (
    <>
      {instruction_audio_url && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }} data-testid="instruction-audio">
          <InterfaceText>
            <Typography variant="body2" color="text.secondary" component="span">
              {translate('resources.questions-bank.fields.instruction_audio')}
            </Typography>
          </InterfaceText>
          <AudioPlayButton src={instruction_audio_url} />
        </Box>
      )}
      {media_type === 'image' && media_url && <QuestionImage src={media_url} alt={question.media_alt} />}
      {media_type === 'audio' && media_url && (
        <Box sx={{ mb: 1.5 }} data-testid="question-audio">
          <AudioPlayButton
            src={media_url}
            lang={lang}
            dir={dir}
            maxPlays={media_replay_count}
            label="question_editor.preview_answer.play_audio"
          />
        </Box>
      )}
    </>
  );
}
