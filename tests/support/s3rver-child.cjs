// s3rver (a fake S3 server) in its own Node process for tests/api/infra/blob-store-s3.test.ts. Node, not
// Bun: s3rver makes its list continuation tokens with DES, which Bun's crypto lacks and Node only
// has with --openssl-legacy-provider. Prints the port, runs until killed.
const S3rver = require('s3rver');

const directory = process.argv[2];
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'sqp', configs: [] }],
});
server.run().then(({ port }) => process.stdout.write(`port ${port}\n`));
