import { styled } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A question's picture with its author's text alternative (WCAG 1.1.1), or a generic one for a
 * question saved before authors could write it. Its box is reserved before the file arrives (a 4:3
 * frame the picture fits in), so the question's text and answers do not jump when it loads.
 */
const Picture = styled('img')(({ theme }) => ({
  display: 'block',
  width: '100%',
  maxWidth: 480,
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  objectPosition: 'center',
  borderRadius: theme.shape.borderRadius,
  marginBottom: theme.spacing(1.5),
}));

export function QuestionImage({ src, alt }: { src: string; alt?: string | null }) {
  const translate = useTranslate();
  return (
    <Picture
      src={src}
      alt={alt?.trim() || translate('question_editor.preview_answer.image_alt')}
      // Its box before the file arrives (the CSS keeps 4:3 and fits the picture in it).
      width={480}
      height={360}
      data-testid="question-image"
    />
  );
}
