import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Typography } from '@mui/material';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isolate } from './bidi';
import { formatMediaTime } from './mediaTime';

export interface AudioPlayButtonProps {
  src: string;
  /** How many times it may be played from the start; 0 or none: no limit. */
  maxPlays?: number;
  /** Catalog key of the button's name; defaults to Play. */
  label?: string;
  /** The interface's language and direction, when the button sits inside content of another language. */
  lang?: string;
  dir?: 'rtl' | 'ltr';
}

/**
 * A play/pause button for a recording or a question's audio. A real button (not the browser's
 * player) so it is named, reachable with Tab, and can count plays when the question limits them.
 */
export const AudioPlayButton = forwardRef<HTMLButtonElement, AudioPlayButtonProps>(function AudioPlayButton(
  { src, maxPlays = 0, label = 'recorder.play', lang, dir },
  ref,
) {
  const translate = useTranslate();
  const [duration, setDuration] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [plays, setPlays] = useState(0);
  const limited = maxPlays > 0;
  const exhausted = limited && plays >= maxPlays && !playing;

  useEffect(() => {
    setPlays(0);
    setPlaying(false);
    setDuration(null);
  }, [src]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) return element.pause();
    // A play from the start counts as one play; resuming after a pause does not.
    if (element.currentTime === 0 || element.ended) setPlays((count) => count + 1);
    void element.play()?.catch(() => setPlaying(false));
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} lang={lang} dir={dir}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        data-testid="audio-element"
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          // A webm recording reports Infinity until it has been played through.
          setDuration(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
        }}
        onDurationChange={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) setDuration(seconds);
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          setPlaying(false);
          event.currentTarget.currentTime = 0;
        }}
      />
      <Button
        ref={ref}
        variant="outlined"
        onClick={toggle}
        disabled={exhausted}
        startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
      >
        {translate(playing ? 'recorder.pause' : label)}
      </Button>
      {duration !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="audio-duration">
          {isolate(formatMediaTime(duration))}
        </Typography>
      )}
      {limited && (
        // Said after each play, not only shown (a live region: its first text is not announced).
        <Typography variant="body2" color="text.secondary" data-testid="plays-left" role="status" aria-live="polite">
          {translate('recorder.plays_left', {
            count: isolate(Math.max(0, maxPlays - plays)),
            max: isolate(maxPlays),
          })}
        </Typography>
      )}
    </Box>
  );
});
