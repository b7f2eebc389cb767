/** The LTI 1.3 claims this tool reads (LTI Core 1.3, Assignment and Grade Services 2.0). */
export const LTI = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  lis: 'https://purl.imsglobal.org/spec/lti/claim/lis',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LEARNER_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
];

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What a resource link launch says, read from its verified claims. */
export function launchOf(claims: Record<string, unknown>) {
  const roles = Array.isArray(claims[LTI.roles])
    ? (claims[LTI.roles] as unknown[]).filter((r) => typeof r === 'string')
    : [];
  const examId = Number(text(record(claims[LTI.custom]).exam_id));
  return {
    subject: String(claims.sub),
    deploymentId: String(claims[LTI.deploymentId]),
    resourceLinkId: text(record(claims[LTI.resourceLink]).id),
    learner: roles.some((role) => LEARNER_ROLES.includes(role as string)),
    /** The student number, from the roster the platform keeps (LIS person sourcedid). */
    studentNumber: text(record(claims[LTI.lis]).person_sourcedid),
    examId: Number.isSafeInteger(examId) && examId > 0 ? examId : null,
    lineitemUrl: text(record(claims[LTI.agsEndpoint]).lineitem),
  };
}
