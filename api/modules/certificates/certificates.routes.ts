import type { Hono } from 'hono';
import type { Deps } from '../../kernel/deps';
import type { RouteDoc } from '../../lib/openapi';
import { certificatePublicKey } from './certificates.service';

/** The public key where verifiers look for it (README.md, "Checking a certificate offline"). */
export const CERTIFICATE_KEY_PATH = '/.well-known/certificate-key.pem';

export function registerCertificateRoutes(app: Hono, deps: Deps): void {
  app.get(CERTIFICATE_KEY_PATH, async (c) => {
    const { publicKeyPem, keyId } = await certificatePublicKey(deps);
    return c.body(publicKeyPem, 200, {
      'content-type': 'application/x-pem-file',
      'cache-control': 'public, max-age=300',
      'x-key-id': keyId,
    });
  });
}

export const CERTIFICATE_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: CERTIFICATE_KEY_PATH,
    tag: 'certificates',
    summary: 'The public Ed25519 key (PEM) that certificates are signed with.',
    responses: { 200: { description: 'SPKI PEM.', contentType: 'application/x-pem-file' } },
  },
];
