/**
 * An approval worker killed (SIGKILL) in the middle of the signature's PDF work — after the stamped state went to
 * S3 and before this service recorded it, the worst moment — and another approval process takes the
 * job over once its lock expires: every document ends with exactly one signed and one sealed version in the
 * approval's history, and the library file keeps its one version. Real organization and library services in their own processes, over real
 * PostgreSQL, NATS, Redis and S3.
 */
import { randomUUID } from 'node:crypto';
import { CreateApproval, GetApproval, GetDetails, RegisterFile, SignApproval, type Actor } from '@app/contracts';
import { Storage } from '@app/platform';
import { createTestOrg, createTestUser, pdfFile, testEnv, waitFor, workerTakeover } from '@app/testing';
import { approvalKey } from '../src/common/document-store';

// four service processes start on a machine shared by many: start-up alone can take minutes
jest.setTimeout(900_000);
const env = testEnv();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const actorOf = (userId: number, email: string, name: string, isAdmin = false): Actor => ({ kind: 'user', userId, email, name, roleId: null, isAdmin, permissions: [], guestToken: null });

describe('an approval worker killed during the signed PDF work', () => {
  const workers = workerTakeover({
    worker: 'approval', services: ['organization', 'library'], env: { ...process.env, ...env },
    firstEnv: { SIGN_JOB_PAUSE_MS: '4000' }, startMs: 180_000,
  });
  afterAll(() => workers.stop());

  it('the job finishes on another worker with exactly one version per step', async () => {
    const bus = await workers.start();

    const org = await createTestOrg(bus);
    const signer = await createTestUser(bus, org.orgId, { name: 'Signer One' });
    const sender = actorOf(org.admin.userId, org.admin.email, 'Admin', true);
    const storage = new Storage({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION });
    const docs: number[] = [];
    for (const name of ['one.pdf', 'two.pdf']) {
      const bytes = await pdfFile(2, name);
      const key = Storage.key(org.orgId, 'library', `${randomUUID()}.pdf`);
      await storage.put(key, bytes, bytes.length, 'application/pdf');
      docs.push((await bus.request(RegisterFile, { orgId: org.orgId, actor: sender, key, size: bytes.length, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name })).id);
    }
    const call = { orgId: org.orgId };
    const created = await bus.request(CreateApproval, { ...call, actor: sender, title: 'Killed worker', documents: docs, assignees: [{ user_id: signer.userId, order: 1 }] });
    const me = actorOf(signer.userId, signer.email, 'Signer One');
    const signed = await bus.request(SignApproval, { ...call, actor: me, approvalId: created.id, image: `data:image/png;base64,${PNG.toString('base64')}`, ip: '10.0.0.1', userAgent: 'int-test' });
    expect(signed.status).toBe('fully signed');
    expect(signed.processing).toEqual(expect.objectContaining({ status: expect.stringMatching(/^(queued|running)$/) }));

    // the first stamped state is in S3, the approval has not recorded it yet: kill the worker now
    const firstKey = approvalKey(org.orgId, created.id, `sign:${created.assignees[0].id}:doc:${created.documents[0].id}`);
    await waitFor('a stamped state stored and not yet recorded', async () => ((await storage.stat(firstKey)) ? true : null), 60_000, 50);
    const mid = await bus.request(GetApproval, { ...call, actor: sender, approvalId: created.id });
    expect(mid.versions.filter((v) => v.action === 'signed')).toHaveLength(0);
    expect(mid.processing).toEqual(expect.objectContaining({ status: 'running', stage: 'stamping' }));
    await workers.killFirst();

    await workers.startSecond();
    const done = await waitFor('the job finished on the other worker', async () => {
      const d = await bus.request(GetApproval, { ...call, actor: sender, approvalId: created.id });
      if (d.processing?.status === 'failed') throw new Error('the PDF work failed');
      return d.processing === null ? d : null;
    }, 200_000, 500);
    // per document: sent (v1), signed (v2), sealed (v3) — once each, in the approval's own history; the library file is untouched
    for (const id of docs) {
      expect(done.versions.filter((v) => v.library_id === id).map((v) => [v.action, v.version])).toEqual([['sent', 1], ['signed', 2], ['sealed', 3]]);
      expect((await bus.request(GetDetails, { ...call, actor: sender, itemId: id })).version).toBe(1);
    }
    expect(done.documents.map((d) => [d.status, d.version])).toEqual([[3, 3], [3, 3]]);
  });
});
