import { readFileSync } from 'node:fs';
import * as samlify from 'samlify';

/**
 * A SAML 2.0 identity provider in the test process, from `samlify` (a maintained SAML library):
 * it reads our AuthnRequest from the redirect address, and answers with a Response whose assertion
 * it signs with its key, as configured from our service provider metadata (which asks for signed
 * assertions). What a test changes in the answer (audience, issuer, times, subject, attributes) is
 * written into samlify's own response template before samlify signs it. `unsignedAnswer` gives the
 * same Response without any signature, for the refusals.
 */
const FIXTURES = new URL('../fixtures/saml/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

// samlify asks for an XML schema validator before it reads a request; the test provider trusts our
// requests' shape (our side's checks are what is under test) and refuses anything but an AuthnRequest.
samlify.setSchemaValidator({
  validate: async (xml: string) => {
    if (!xml.includes('AuthnRequest')) throw new Error('not an AuthnRequest');
    return 'checked';
  },
});

export const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
export const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

export interface SamlAnswer {
  nameId: string;
  nameIdFormat?: string;
  attributes?: Record<string, string | string[]>;
  /** Changes to the answer: another audience or issuer, times moved (ms from now), another InResponseTo. */
  audience?: string;
  issuer?: string;
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  inResponseTo?: string;
  /** The assertion's subject confirmation: left out, or naming another recipient. */
  noSubjectConfirmation?: boolean;
  recipient?: string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const attributeStatement = (attributes: Record<string, string | string[]>) => {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const items = entries.map(
    ([name, value]) =>
      `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${(Array.isArray(value) ? value : [value]).map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
  );
  return `<saml:AttributeStatement>${items.join('')}</saml:AttributeStatement>`;
};

export function samlIdentityProvider(options: { entityId: string; ssoUrl: string; keyName?: 'idp' | 'other-idp' }) {
  const keyName = options.keyName ?? 'idp';
  const idp = samlify.IdentityProvider({
    entityID: options.entityId,
    privateKey: fixture(`${keyName}.key`),
    signingCert: fixture(`${keyName}.crt`),
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: options.ssoUrl }],
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });

  const consumers = new WeakMap<samlify.ServiceProviderInstance, string>();

  /** Our AuthnRequest, read from the address the browser was sent to. */
  async function readRequest(sp: samlify.ServiceProviderInstance, location: string) {
    const url = new URL(location);
    const query = Object.fromEntries(url.searchParams);
    const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: '' });
    return parsed as unknown as { extract: { request: { id: string }; issuer: string } };
  }

  /** The Response XML for a request, from samlify's template, with the answer's changes. */
  function responseXml(sp: samlify.ServiceProviderInstance, requestId: string, answer: SamlAnswer) {
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const acs = consumers.get(sp)!;
    const id = `_${crypto.randomUUID()}`;
    let template = samlify.SamlLib.defaultLoginResponseTemplate.context.replace(
      '{AttributeStatement}',
      attributeStatement(answer.attributes ?? {}),
    );
    if (answer.noSubjectConfirmation)
      template = template.replace(/<saml:SubjectConfirmation [\s\S]*<\/saml:SubjectConfirmation>/, '');
    const context = samlify.SamlLib.replaceTagsByValue(template, {
      ID: id,
      AssertionID: `_${crypto.randomUUID()}`,
      Destination: acs,
      Audience: answer.audience ?? (sp.entityMeta.getEntityID() as string),
      SubjectRecipient: answer.recipient ?? acs,
      Issuer: answer.issuer ?? options.entityId,
      IssueInstant: at(0),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: at(answer.notBeforeMs ?? -5_000),
      ConditionsNotOnOrAfter: at(answer.notOnOrAfterMs ?? 5 * 60_000),
      SubjectConfirmationDataNotOnOrAfter: at(answer.notOnOrAfterMs ?? 5 * 60_000),
      NameIDFormat: answer.nameIdFormat ?? PERSISTENT,
      NameID: answer.nameId,
      InResponseTo: answer.inResponseTo ?? requestId,
      AuthnStatement: '',
    });
    return { id, context };
  }

  return {
    entityId: options.entityId,
    ssoUrl: options.ssoUrl,
    certificate: fixture(`${keyName}.crt`),
    readRequest,
    /** The service provider as our metadata describes it (its assertion consumer read from it). */
    serviceProvider: (metadata: string) => {
      const sp = samlify.ServiceProvider({ metadata });
      consumers.set(sp, /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)![1]!);
      return sp;
    },
    /** A signed answer (base64, as the HTTP-POST binding carries it) to the request at `location`. */
    async answer(sp: samlify.ServiceProviderInstance, location: string, answer: SamlAnswer) {
      const request = await readRequest(sp, location);
      const response = await idp.createLoginResponse(
        sp,
        request,
        'post',
        {},
        { customTagReplacement: () => responseXml(sp, request.extract.request.id, answer) },
      );
      return { samlResponse: (response as { context: string }).context, requestId: request.extract.request.id };
    },
    /** The same Response with no signature at all. */
    async unsignedAnswer(sp: samlify.ServiceProviderInstance, location: string, answer: SamlAnswer) {
      const request = await readRequest(sp, location);
      return Buffer.from(responseXml(sp, request.extract.request.id, answer).context).toString('base64');
    },
  };
}
