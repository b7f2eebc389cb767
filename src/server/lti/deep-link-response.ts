import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SecretsDb } from '../secrets';
import { LTI, MESSAGE_TYPES, type DeepLinkRequest } from './claims';
import { TOOL_ALG, toolKey } from './tool-keys';

/** The exam an activity will open, as the course shows it. */
export interface LinkedExam {
  id: number;
  title: string;
  maxMark: number;
}

/** How long the platform may take to receive the answer (a browser's form post away). */
const ANSWER_LIFETIME = '5m';

/**
 * A resource link to an exam (LTI Deep Linking 2.0, 3.1): its launch address is this tool's, the
 * exam named by the custom parameter a launch reads back, and, where the platform takes one, a
 * line item (a gradebook column) for the exam's maximum mark, where its scores will go.
 */
export function examLink(exam: LinkedExam, launchUrl: string, withLineItem: boolean) {
  return {
    type: 'ltiResourceLink',
    title: exam.title,
    url: launchUrl,
    custom: { exam_id: String(exam.id) },
    ...(withLineItem
      ? { lineItem: { scoreMaximum: exam.maxMark, label: exam.title, resourceId: `exam-${exam.id}`, tag: 'exam' } }
      : {}),
  };
}

/**
 * The signed deep linking answer the teacher's browser posts back to the platform (4.5): from this
 * tool (its client id) to the platform (its issuer), for the request's deployment, with its data
 * as sent, and the chosen link (none when the teacher cancelled). Signed with the key the platform
 * reads at /api/lti/jwks.
 */
export async function deepLinkAnswer(
  store: SecretsDb,
  platform: { issuer: string; client_id: string },
  request: DeepLinkRequest,
  item: ReturnType<typeof examLink> | null,
): Promise<string> {
  const { kid, privateKey } = await toolKey(store);
  return new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [LTI.messageType]: MESSAGE_TYPES.deepLinkingResponse,
    [LTI.version]: '1.3.0',
    [LTI.deploymentId]: request.deploymentId,
    [LTI.contentItems]: item ? [item] : [],
    ...(request.data !== null ? { [LTI.deepLinkingData]: request.data } : {}),
  })
    .setProtectedHeader({ alg: TOOL_ALG, kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime(ANSWER_LIFETIME)
    .sign(privateKey);
}
