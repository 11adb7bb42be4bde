/**
 * The test OpenID provider as its own process (started by oidc-provider-process.ts; also handy to try single
 * sign-on locally): `OIDC_TEST_CONFIG='{"clients":[{"client_id":"…","client_secret":"…","redirect_uris":["…"]}]}'
 * node -r @swc-node/register libs/testing/src/oidc-provider-main.ts`. Prints `{"issuer": "..."}` on its first
 * line once it listens; stops on SIGTERM or SIGINT. Development only: any login and password sign in.
 */
import { startOidcProvider, type TestOidcClient } from './oidc-provider';

async function main(): Promise<void> {
  const config = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}') as { clients?: TestOidcClient[]; host?: string };
  const op = await startOidcProvider({ clients: config.clients ?? [], host: config.host, control: true });
  process.stdout.write(`${JSON.stringify({ issuer: op.issuer })}\n`);
  const stop = () => void op.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
