import type { ModuleResolvers } from '../../graphql/resolver-types';
import { presentVerification } from './certificates.presenter';
import * as service from './certificates.service';

/** Both fields are public by design: a certificate is something its holder shows to strangers. */
export const certificatesResolvers: ModuleResolvers = {
  Query: {
    verifyCertificate: async (_, args, ctx) =>
      presentVerification(await service.verifyCertificate(ctx.deps, args.certificateCode)),
    getCertificatePublicKey: async (_, _args, ctx) => (await service.certificatePublicKey(ctx.deps)).publicKeyPem,
  },
};
