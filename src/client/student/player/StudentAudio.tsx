import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { statusOf } from '../../providers/errors';
import { studentApi } from '../api';
import { isolate } from '../../media';
import { formatCount } from '../format';

interface StudentAudioProps {
  assignmentId: number;
  questionId: number;
  src: string;
  /** `media_replay_count`: plays allowed from the start; 0 means no limit. */
  limit: number;
  /** Plays the server has counted already (`media_plays`). */
  played: number;
}

/**
 * The question's audio. Each play from the start is counted by the server first (`POST .../play`);
 * once it answers 418 the button stays disabled. Resuming after a pause is not a new play.
 */
export function StudentAudio({ assignmentId, questionId, src, limit, played }: StudentAudioProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [plays, setPlays] = useState(played);
  const [refused, setRefused] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const exhausted = !playing && (refused || (limit > 0 && plays >= limit));

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (playing) return element.pause();
    const resuming = element.currentTime > 0 && !element.ended;
    if (!resuming) {
      setBusy(true);
      setFailed(false);
      try {
        setPlays((await studentApi.playMedia(assignmentId, questionId)).plays);
      } catch (error) {
        if (statusOf(error) === 418) setRefused(true);
        else setFailed(true);
        return;
      } finally {
        setBusy(false);
      }
    }
    void element.play()?.catch(() => setPlaying(false));
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          setPlaying(false);
          event.currentTarget.currentTime = 0;
        }}
      />
      <Button
        variant="outlined"
        onClick={() => void toggle()}
        disabled={exhausted || busy}
        startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
      >
        {translate(playing ? 'student.player.audio.pause' : 'student.player.audio.play')}
      </Button>
      {limit > 0 && (
        // Shown and, after each play, said (a live region: what it holds on arrival is not announced).
        <Typography variant="body2" color="text.secondary" data-testid="plays-left" role="status" aria-live="polite">
          {translate('student.player.audio.plays_left', {
            smart_count: limit,
            left: isolate(formatCount(refused ? 0 : Math.max(0, limit - plays), locale)),
            max: isolate(formatCount(limit, locale)),
          })}
        </Typography>
      )}
      {failed && (
        <Typography variant="body2" color="error" role="alert">
          {translate('student.player.audio.failed')}
        </Typography>
      )}
    </Box>
  );
}
