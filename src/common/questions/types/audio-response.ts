import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { ANSWER_LIMITS, QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { strictShape } from '../schema-parts';
import { isBlankAnswer, isBlankValue } from '../answer-input';
import { mediaReference } from '../media-reference';
import { defineAnswerType } from './define';

const definition = strictShape({
  max_duration_seconds: z
    .number({ error: QM.maxDurationInvalid })
    .int({ error: QM.maxDurationInvalid })
    .min(1, { error: QM.maxDurationInvalid })
    .max(QUESTION_LIMITS.maxDurationSeconds, { error: QM.maxDurationInvalid }),
});

/** A recording uploaded through /api/upload-media, named by its stored file name or relative path. */
const answer = z.strictObject({
  media: mediaReference,
  duration_seconds: z.number().finite().min(0),
});

export type AudioResponseDefinition = z.infer<typeof definition>;
export type AudioResponseAnswer = z.infer<typeof answer>;

/**
 * Audio response: marked by a human. Delivery refuses a recording longer than the maximum
 * (with one second of slack for the recorder's timer) through `validateAnswer`; the server
 * must also check that the file exists and belongs to the student.
 */
export const audioResponse = defineAnswerType({
  kind: 'audio_response',
  manual: true,
  definition,
  answer,
  studentView: (def: AudioResponseDefinition) => ({ max_duration_seconds: def.max_duration_seconds }),
  isEmpty: (value) => isBlankAnswer(value, 'media', isBlankValue, ['media', 'duration_seconds']),
  fits: () => true,
  limits: (def, value) =>
    value.duration_seconds > def.max_duration_seconds + ANSWER_LIMITS.durationSlackSeconds
      ? [{ path: ['duration_seconds'], message: QM.answerDurationLimit, params: { max: def.max_duration_seconds } }]
      : [],
});
