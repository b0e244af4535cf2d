/**
 * For tests: a software authenticator, as a browser and a passkey provider together would answer
 * navigator.credentials.create() and .get() (WebAuthn L3 §6, the JSON forms of contract/passkeys.ts).
 * Keys are made with node:crypto (ES256 on P-256, or RS256); the attestation is 'none'. Every part a
 * test may want wrong is an option: the origin, the RP ID, the flags, the signature counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

export interface AuthenticatorOptions {
  /** The page's origin the browser puts in clientDataJSON. */
  origin?: string;
  /** The RP ID whose hash goes in authenticatorData (a real browser would refuse a wrong one; a forger would not). */
  rpId?: string;
  algorithm?: 'ES256' | 'RS256';
  /** 'counting': the counter goes up by one per use (a security key); 'zero': always 0 (synced passkeys). */
  counter?: 'counting' | 'zero';
  /** Backup eligible and backed up (a synced passkey). */
  synced?: boolean;
  /** User verified (a PIN or a fingerprint). */
  userVerified?: boolean;
  /** The provider's AAGUID (all zeros: the provider does not say). */
  aaguid?: string;
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** Overrides for one answer. */
export interface Use {
  origin?: string;
  rpId?: string;
  /** The counter to put in this answer (a clone's). */
  counter?: number;
  userHandle?: string;
  /** The new credential's id (create): one already registered, say. */
  credentialId?: Buffer;
  /** The id the JSON answer names (id and rawId), when it is not the credential's own (a forger's). */
  namedId?: Buffer;
  /** clientDataJSON's crossOrigin (false by default) and topOrigin (absent by default): the page in a frame of another site. */
  crossOrigin?: boolean;
  topOrigin?: string;
  /** Made with no one present or verified: the user-present and user-verified flags off, as a conditional create (the automatic upgrade) answers. */
  silent?: boolean;
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const flag = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

function coseKey(publicKey: KeyObject, algorithm: 'ES256' | 'RS256'): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const bytes = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  // COSE_Key (RFC 9053): kty 2 (EC2) crv 1 (P-256) x y, or kty 3 (RSA) n e; alg -7 / -257.
  const entries: [number, number | Uint8Array][] =
    algorithm === 'ES256'
      ? [
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, bytes(jwk.x)],
          [-3, bytes(jwk.y)],
        ]
      : [
          [1, 3],
          [3, -257],
          [-1, bytes(jwk.n)],
          [-2, bytes(jwk.e)],
        ];
  return encodeCBOR(new Map<number, number | Uint8Array>(entries));
}

export function softwareAuthenticator(options: AuthenticatorOptions = {}) {
  const {
    origin = 'http://localhost:3000',
    rpId = 'localhost',
    algorithm = 'ES256',
    counter = 'counting',
    synced = false,
    userVerified = true,
    aaguid = '00000000-0000-0000-0000-000000000000',
  } = options;
  const credentials: Credential[] = [];

  const flags = (attested: boolean, use: Use) =>
    (use.silent ? 0 : flag.up | (userVerified ? flag.uv : 0)) | (synced ? flag.be | flag.bs : 0) | (attested ? flag.at : 0);

  const authenticatorData = (forRpId: string, flagByte: number, count: number, attested?: Buffer) => {
    const head = Buffer.alloc(37);
    sha256(forRpId).copy(head, 0);
    head[32] = flagByte;
    head.writeUInt32BE(count, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  };

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, use: Use) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: use.origin ?? origin,
        crossOrigin: use.crossOrigin ?? false,
        ...(use.topOrigin ? { topOrigin: use.topOrigin } : {}),
      }),
    );

  const signWith = (key: KeyObject, data: Buffer) => (algorithm === 'ES256' ? sign('sha256', data, { key, dsaEncoding: 'der' }) : sign('sha256', data, key));

  return {
    credentials,
    /** navigator.credentials.create() with the creation options (their JSON form): the registration response. */
    create(creation: { challenge: string; user: { id: string } }, use: Use = {}) {
      const { publicKey, privateKey } =
        algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
      const credential: Credential = { id: use.credentialId ?? randomBytes(32), privateKey, userHandle: creation.user.id, counter: 0 };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const attested = Buffer.concat([Buffer.from(aaguid.replace(/-/g, ''), 'hex'), idLength, credential.id, coseKey(publicKey, algorithm)]);
      const authData = authenticatorData(use.rpId ?? rpId, flags(true, use), credential.counter, attested);
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      credentials.push(credential);
      return {
        id: b64(use.namedId ?? credential.id),
        rawId: b64(use.namedId ?? credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', creation.challenge, use)),
          attestationObject: b64(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get() with the request options: the authentication response of a credential (the newest by default). */
    get(request: { challenge: string }, use: Use = {}, credential: Credential | undefined = credentials.at(-1)) {
      if (!credential) throw new Error('This authenticator has no credential yet');
      if (counter === 'counting' && use.counter === undefined) credential.counter += 1;
      const count = use.counter ?? (counter === 'counting' ? credential.counter : 0);
      const authData = authenticatorData(use.rpId ?? rpId, flags(false, use), count);
      const clientDataJSON = clientData('webauthn.get', request.challenge, use);
      const signature = signWith(credential.privateKey, Buffer.concat([authData, sha256(clientDataJSON)]));
      return {
        id: b64(use.namedId ?? credential.id),
        rawId: b64(use.namedId ?? credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: use.userHandle ?? credential.userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;
