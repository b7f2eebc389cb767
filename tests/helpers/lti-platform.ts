import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

/**
 * An LTI 1.3 platform in the test process, standing for a school's LMS: its key set served over
 * real HTTP (our side fetches it as it would Moodle's), its third-party login initiation, and the
 * signed launch its authentication endpoint posts back. Claims a test changes are merged over a
 * resource link launch of one learner. Its Assignment and Grade Services side: a token endpoint
 * that checks the tool's signed client assertion against the tool's key set, and a line item's
 * scores endpoint that takes only the tokens it issued; the scores it received are kept. Its deep
 * linking side: the return address a teacher's browser posts the tool's signed answer to, checked
 * against the tool's key set and kept. For a real browser, its authentication page posts the next
 * launch back by itself, as an LMS does when its user is signed in.
 */
export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
export const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export async function startLtiPlatform(options: { clientId: string; deploymentId: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'platform-key-1';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  let fetches = 0;
  let toolKeys: (() => Promise<JSONWebKeySet>) | null = null;
  let tokenRefusals = 0;
  /** The tokens issued, with the scope each was asked for. */
  const tokens = new Map<string, string>();
  /** The course's members its memberships endpoint lists (NRPS 2.0), two a page. */
  let members: Record<string, unknown>[] = [];
  let membershipReads = 0;
  let nextPageOverride: string | null = null;
  /** An answer the memberships endpoint gives instead of its page (a redirect, a broken page). */
  let membershipsAnswer: { status: number; headers?: Record<string, string>; body: string } | null = null;
  /** The tool's deep linking answers the return address received, checked, in order. */
  const deepLinkAnswers: { payload: Record<string, unknown>; header: Record<string, unknown> }[] = [];
  let nextLaunch: Record<string, unknown> = {};
  const scores: {
    lineitem: string;
    query: string;
    token: string;
    contentType: string;
    body: Record<string, unknown>;
  }[] = [];
  const read = (request: import('node:http').IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });

  async function issueToken(body: string): Promise<[number, Record<string, unknown>]> {
    if (tokenRefusals > 0) {
      tokenRefusals -= 1;
      return [401, { error: 'invalid_client' }];
    }
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials') return [400, { error: 'unsupported_grant_type' }];
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return [400, { error: 'invalid_request' }];
    try {
      await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(await toolKeys!()), {
        issuer: options.clientId,
        subject: options.clientId,
        audience: `${origin}/moodle/token`,
        algorithms: ['RS256'],
      });
    } catch {
      return [401, { error: 'invalid_client' }];
    }
    const token = randomUUID();
    tokens.set(token, form.get('scope') ?? '');
    return [200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') }];
  }

  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const { pathname: path, search } = new URL(request.url ?? '/', 'http://platform');
    if (path === '/jwks') {
      fetches += 1;
      return reply(200, jwks);
    }
    if (request.method === 'POST' && path === '/moodle/token')
      return void read(request).then(async (body) => reply(...(await issueToken(body))));
    if (request.method === 'GET' && path === '/moodle/auth') return void authenticate(search, response);
    // A course page that opens the tool in a frame, as Moodle's and Canvas's content selection do.
    if (request.method === 'GET' && path === '/moodle/course/12/select') {
      const tool = (new URLSearchParams(search).get('tool') ?? '').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<h1>Course 12</h1><iframe title="Tool" src="${tool}" style="width:1240px;height:760px"></iframe>`);
    }
    if (request.method === 'GET' && path === '/moodle/courses/12/memberships') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (tokens.get(token) !== 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')
        return reply(401, { error: 'invalid_token' });
      if (request.headers.accept !== 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json') return reply(406, {});
      membershipReads += 1;
      if (membershipsAnswer)
        return void response
          .writeHead(membershipsAnswer.status, membershipsAnswer.headers ?? {})
          .end(membershipsAnswer.body);
      const page = Number(new URLSearchParams(search).get('page') ?? '1');
      const more = page * 2 < members.length;
      const next = nextPageOverride ?? `${origin}/moodle/courses/12/memberships?page=${page + 1}`;
      response.writeHead(200, {
        'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
        ...(more ? { link: `<${next}>; rel="next"` } : {}),
      });
      return void response.end(
        JSON.stringify({
          id: `${origin}/moodle/courses/12/memberships`,
          context: { id: 'course-12', title: 'Arabic, grade 4' },
          members: members.slice((page - 1) * 2, page * 2),
        }),
      );
    }
    if (request.method === 'POST' && path === '/moodle/deep-link-return')
      return void read(request).then(async (body) => {
        const jwt = new URLSearchParams(body).get('JWT') ?? '';
        try {
          const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await toolKeys!()), {
            issuer: options.clientId,
            audience: issuer,
            algorithms: ['RS256'],
          });
          deepLinkAnswers.push({ payload, header: protectedHeader as unknown as Record<string, unknown> });
          response.writeHead(200, { 'content-type': 'text/html' }).end('<h1 id="linked">Activity saved</h1>');
        } catch {
          reply(401, { error: 'invalid deep linking answer' });
        }
      });
    if (request.method === 'POST' && path.endsWith('/scores'))
      return void read(request).then((body) => {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(token)) return reply(401, { error: 'invalid_token' });
        scores.push({
          lineitem: path.replace(/\/scores$/, ''),
          query: search,
          token,
          contentType: request.headers['content-type'] ?? '',
          body: JSON.parse(body) as Record<string, unknown>,
        });
        return reply(200, {});
      });
    return reply(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/moodle`;

  /**
   * The platform's authentication endpoint, for a browser: its user signed in, it posts the signed
   * launch (the claims `launchNext` set) to the tool's launch address with the tool's state.
   */
  async function authenticate(search: string, response: import('node:http').ServerResponse) {
    const query = new URLSearchParams(search);
    const token = await idToken(query.get('nonce') ?? '', { claims: nextLaunch });
    const field = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">`;
    const action = (query.get('redirect_uri') ?? '').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<form method="post" action="${action}">${field('id_token', token)}${field('state', query.get('state') ?? '')}</form>` +
          '<script>document.forms[0].submit()</script>',
      );
  }

  /** A launch's ID token as the platform signs it, for the state and nonce our login sent. */
  async function idToken(
    nonce: string,
    overrides: {
      claims?: Record<string, unknown>;
      header?: Record<string, unknown>;
      key?: CryptoKey;
      iatSecondsAgo?: number;
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000) - (overrides.iatSecondsAgo ?? 0);
    const payload: JWTPayload & Record<string, unknown> = {
      iss: issuer,
      aud: options.clientId,
      sub: 'moodle-user-42',
      nonce,
      iat: now,
      exp: now + 300,
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: options.deploymentId,
      [`${LTI_CLAIM}target_link_uri`]: 'http://localhost:3000/api/lti/launch',
      [`${LTI_CLAIM}resource_link`]: { id: 'activity-7', title: 'Reading benchmark' },
      [`${LTI_CLAIM}roles`]: [LEARNER],
      [`${LTI_CLAIM}lis`]: { person_sourcedid: 'LTI-5521' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: `${origin}/moodle/lineitems/7/lineitem`,
      },
      ...overrides.claims,
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...overrides.header })
      .sign(overrides.key ?? privateKey);
  }

  return {
    issuer,
    origin,
    authUrl: `${origin}/moodle/auth`,
    jwksUrl: `${origin}/jwks`,
    tokenUrl: `${origin}/moodle/token`,
    idToken,
    keyFetches: () => fetches,
    /** The claims the next browser launch carries (over a learner's resource link launch). */
    launchNext: (claims: Record<string, unknown>) => void (nextLaunch = claims),
    /** A teacher's deep linking request, answered at this platform's return address. */
    deepLinkClaims: (settings: Record<string, unknown> = {}) => ({
      sub: 'moodle-teacher-3',
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI_CLAIM}roles`]: [INSTRUCTOR],
      [`${LTI_CLAIM}resource_link`]: undefined,
      [`${DL_CLAIM}deep_linking_settings`]: {
        deep_link_return_url: `${origin}/moodle/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window', 'iframe'],
        accept_multiple: false,
        accept_lineitem: true,
        data: 'moodle-course-12',
        ...settings,
      },
    }),
    deepLinkAnswers,
    /** Where the platform reads the tool's key set (the tool's /api/lti/jwks). */
    trustTool: (keys: () => Promise<JSONWebKeySet>) => void (toolKeys = keys),
    /** The course's members (NRPS), and how many pages of them were read. */
    setMembers: (list: Record<string, unknown>[]) => void (members = list),
    membershipReads: () => membershipReads,
    /** Where the next page link points instead of the platform's own next page. */
    nextPageTo: (url: string | null) => void (nextPageOverride = url),
    membershipsUrl: `${origin}/moodle/courses/12/memberships`,
    /** The course page that frames the tool at this address. */
    coursePage: (toolUrl: string) => `${origin}/moodle/course/12/select?${new URLSearchParams({ tool: toolUrl })}`,
    answerMemberships: (answer: typeof membershipsAnswer) => void (membershipsAnswer = answer),
    /** The token endpoint refuses the next `count` requests. */
    refuseTokens: (count: number) => void (tokenRefusals = count),
    scores,
    /** Another key pair, the platform's key id on it: a forger's. */
    forgerKey: async () => (await generateKeyPair('RS256')).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
