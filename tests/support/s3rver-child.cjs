// s3rver (a fake S3 server) in its own Node process for tests/api/infra/blob-store-s3.test.ts and the
// browser test of uploads to a bucket. Node, not Bun: s3rver makes its list continuation tokens with
// DES, which Bun's crypto lacks and Node only has with --openssl-legacy-provider. Prints the port,
// runs until killed. Arguments: the data folder, then optionally the origins the bucket's CORS rule
// lets browsers PUT and GET from (comma-separated; without them the bucket has no CORS rule).
const S3rver = require('s3rver');

const directory = process.argv[2];
const origins = (process.argv[3] ?? '').split(',').filter(Boolean);
const cors = origins.length
  ? `<CORSConfiguration>${origins
      .map(
        (origin) =>
          `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>` +
          `<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule>`,
      )
      .join('')}</CORSConfiguration>`
  : null;
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'sqp', configs: cors ? [cors] : [] }],
});
server.run().then(({ port }) => process.stdout.write(`port ${port}\n`));
