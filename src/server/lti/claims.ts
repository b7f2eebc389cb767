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
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  namesRoles: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

export const MESSAGE_TYPES = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinking: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

/** Learners: the full role URIs, and the context role's short name LTI still allows. */
export const LEARNER_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
  'Learner',
];

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
/** Who may choose what a course's activity opens: its teachers and content developers, and the institution's. */
export const TEACHING_ROLES = [
  `${LIS}membership#Instructor`,
  `${LIS}membership/Instructor#TeachingAssistant`,
  `${LIS}membership#ContentDeveloper`,
  `${LIS}membership#Administrator`,
  `${LIS}institution/person#Instructor`,
  `${LIS}institution/person#Faculty`,
  `${LIS}institution/person#Administrator`,
  `${LIS}system/person#Administrator`,
  // The context roles' short names.
  'Instructor',
  'ContentDeveloper',
];

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
/** The largest id a table's key holds (PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;

/** An id the exam table can hold, from the activity's custom parameter (a teacher types it). */
function examIdOf(value: unknown): number | null {
  const digits = text(value);
  if (!digits || !/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && id <= MAX_ID ? id : null;
}

/**
 * A service address a launch names, kept only when it is an http(s) address on the host of the
 * platform's own token address: a launch cannot send this tool's requests (and tokens) elsewhere.
 */
export function onPlatformHost(address: unknown, tokenUrl: string | null): string | null {
  const given = text(address);
  if (!given || !tokenUrl) return null;
  try {
    const url = new URL(given);
    return ['https:', 'http:'].includes(url.protocol) && url.host === new URL(tokenUrl).host ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The line item scores go back to: only where the launch grants the score scope. */
function lineitemOf(endpoint: Record<string, unknown>, tokenUrl: string | null): string | null {
  const scopes = Array.isArray(endpoint.scope) ? endpoint.scope : [];
  return scopes.includes(SCORE_SCOPE) ? onPlatformHost(endpoint.lineitem, tokenUrl) : null;
}

/** The course's membership list (Names and Role Provisioning Services 2.0), where the platform offers it. */
function membershipsOf(service: Record<string, unknown>, tokenUrl: string | null): string | null {
  const versions = Array.isArray(service.service_versions) ? service.service_versions : [];
  return versions.includes('2.0') ? onPlatformHost(service.context_memberships_url, tokenUrl) : null;
}

/**
 * What a resource link launch says, read from its verified claims (whose subject and deployment
 * were checked as strings); the platform's token address bounds its line item.
 */
const rolesOf = (claims: Record<string, unknown>): string[] =>
  Array.isArray(claims[LTI.roles]) ? (claims[LTI.roles] as unknown[]).filter((r) => typeof r === 'string') : [];
/** One of the course's teachers (or the institution's): who may choose an activity's exam, or open its monitor. */
const teachingOf = (claims: Record<string, unknown>) => rolesOf(claims).some((role) => TEACHING_ROLES.includes(role));
/** The person's language at the platform (its locale, `ar-SA`, `en-GB`), where it is one of ours. */
const languageOf = (claims: Record<string, unknown>) =>
  /^(ar|en)(?:[-_]|$)/i.exec(text(record(claims[LTI.launchPresentation]).locale) ?? '')?.[1]?.toLowerCase() ?? null;

export function launchOf(claims: Record<string, unknown>, tokenUrl: string | null) {
  const roles = rolesOf(claims);
  return {
    subject: claims.sub as string,
    deploymentId: claims[LTI.deploymentId] as string,
    resourceLinkId: text(record(claims[LTI.resourceLink]).id)?.slice(0, 255) ?? null,
    learner: roles.some((role) => LEARNER_ROLES.includes(role as string)),
    teacher: teachingOf(claims),
    language: languageOf(claims),
    /** The student number, from the roster the platform keeps (LIS person sourcedid). */
    studentNumber: text(record(claims[LTI.lis]).person_sourcedid)?.slice(0, 255) ?? null,
    examId: examIdOf(record(claims[LTI.custom]).exam_id),
    lineitemUrl: lineitemOf(record(claims[LTI.agsEndpoint]), tokenUrl),
    membershipsUrl: membershipsOf(record(claims[LTI.namesRoles]), tokenUrl),
  };
}

export type Launch = ReturnType<typeof launchOf>;

/** The largest opaque `data` a platform may ask to have back (Moodle's is a few dozen characters). */
const MAX_DATA_CHARS = 4096;

/**
 * What a deep linking request says (LTI Deep Linking 2.0, 4.4), read from its verified claims:
 * where the answer goes, the opaque data it must carry back, whether the platform takes resource
 * links and their line items, and whether the person is one of the course's teachers.
 */
export function deepLinkOf(claims: Record<string, unknown>) {
  const settings = record(claims[LTI.deepLinkingSettings]);
  const acceptTypes = Array.isArray(settings.accept_types) ? settings.accept_types : [];
  const data = settings.data;
  return {
    kind: 'deep_link' as const,
    subject: claims.sub as string,
    deploymentId: claims[LTI.deploymentId] as string,
    returnUrl: text(settings.deep_link_return_url),
    /** Kept as the platform sent it (a text, or any JSON it chose), bounded. */
    data: data === undefined || JSON.stringify(data).length > MAX_DATA_CHARS ? null : (data as unknown),
    dataTooLong: data !== undefined && JSON.stringify(data).length > MAX_DATA_CHARS,
    takesLinks: acceptTypes.includes('ltiResourceLink'),
    /** Absent means the platform did not say: the line item is offered (it may ignore it). */
    takesLineItem: settings.accept_lineitem !== false,
    teacher: teachingOf(claims),
    language: languageOf(claims),
  };
}

export type DeepLinkRequest = ReturnType<typeof deepLinkOf>;
export const isDeepLink = (kept: Launch | DeepLinkRequest): kept is DeepLinkRequest =>
  (kept as DeepLinkRequest).kind === 'deep_link';
