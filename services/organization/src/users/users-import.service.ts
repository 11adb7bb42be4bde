import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import {
  AppError, OrgErrors, OrgMessages, USER_SHEET_COLUMNS, fieldErrorsOf, zUserBody, type Actor,
} from '@app/contracts';
import { logger, Storage } from '@app/platform';
import { OrgDb } from '../common/org-db';
import { requirePermission } from '../common/access';
import { adminTouchAllowed } from '../rules/admin-rights';
import { UsersRepository } from '../repositories/users.repository';
import { RolesRepository } from '../repositories/roles.repository';
import { CommitteesRepository } from '../repositories/committees.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { UsersService } from './users.service';
import { headerMatches, splitNames, toRows } from './users-sheet';
import { ownKey, teamOrCommitteeErrors } from '../rules/users';

/**
 * Excel upload of users following the downloadable template. A sheet with another structure is
 * refused (409 with the hint to use the template's structure); a row with an invalid field fails the
 * whole upload with the row's field errors (nothing is written); rows whose e-mail already exists are
 * skipped and reported. Each created user is invited like a user added by hand.
 */
@Injectable()
export class UsersImportService {
  constructor(
    private readonly db: OrgDb,
    private readonly storage: Storage,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly committees: CommitteesRepository,
    private readonly logs: LogsRepository,
    private readonly usersService: UsersService,
  ) {}

  async template(orgId: string, actor: Actor): Promise<{ key: string; fileName: string }> {
    requirePermission(actor, 'users_manage');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow([...USER_SHEET_COLUMNS]);
    ws.addRow(['Jane Doe', 'jane@example.com', '966500000000', 'Manager', 'Member', '1990-01-31', 'Member', 'Finance', 'Board of Directors']);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => (c.width = 22));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const key = Storage.key(orgId, 'imports', 'users-template.xlsx');
    await this.storage.put(key, buf, buf.length, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return { key, fileName: 'users-template.xlsx' };
  }

  private structureError(): AppError {
    return new AppError(OrgErrors.USER_SHEET_STRUCTURE, { fields: { file: [OrgMessages.sheetStructure] } });
  }

  async import(orgId: string, actor: Actor, fileKey: string) {
    requirePermission(actor, 'users_manage');
    if (!ownKey(orgId, 'imports', fileKey)) throw AppError.validation({ file: OrgMessages.imageType });
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load((await this.storage.getBuffer(fileKey)) as unknown as ArrayBuffer);
    } catch {
      throw this.structureError();
    }
    const ws = wb.worksheets[0];
    if (!ws) throw this.structureError();
    const values = (ws.getSheetValues() as unknown[][]).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    // getSheetValues() is 1-based: index 0 is empty, index 1 the header row
    const header = values[1] ?? [];
    if (!headerMatches(header)) throw this.structureError();
    const rows = toRows(values.slice(2), 2);

    return this.db.command(orgId, async (s, after) => {
      const roles = await this.roles.page(s, { page: 1, perPage: 500 });
      const committees = await this.committees.all(s, 'committee');
      const member = roles.rows.find((r) => r.builtin === 'member');
      const errors: Record<string, string[]> = {};
      const skipped: { row: number; email: string | null; errors: Record<string, string[]> }[] = [];
      const seen = new Set<string>();
      const valid: { input: ReturnType<typeof zUserBody.parse>; row: number }[] = [];
      for (const r of rows) {
        const roleName = r.role.toLowerCase();
        const role = roleName ? roles.rows.find((x) => x.name.toLowerCase() === roleName) : member;
        const names = splitNames(r.committees);
        const ids = names.map((n) => committees.find((c) => c.name.toLowerCase() === n.toLowerCase())?.id);
        const parsed = zUserBody.safeParse({
          name: r.name, email: r.email, phone: r.phone, position: r.position, designation: r.designation, date_of_birth: r.date_of_birth,
          role_id: role?.id ?? '', team: r.team, member_committees: ids.filter((x): x is number => !!x),
        });
        const rowErrors: Record<string, string[]> = parsed.success ? {} : fieldErrorsOf(parsed.error);
        if (r.role && !role) rowErrors.role = [OrgMessages.roleRequired];
        // only an administrator makes administrators (rules/admin-rights.ts)
        if (role && !adminTouchAllowed(actor, { targetIsAdmin: false, grantsAdmin: role.builtin === 'admin' })) throw AppError.forbidden('administrators are made by administrators');
        if (ids.some((x) => !x)) rowErrors.committees = [OrgMessages.unknownCommittee];
        if (parsed.success) for (const [k, v] of Object.entries(teamOrCommitteeErrors(parsed.data))) rowErrors[k] = [v];
        if (Object.keys(rowErrors).length) {
          for (const [k, v] of Object.entries(rowErrors)) errors[`row_${r.row}.${k}`] = v;
          continue;
        }
        const input = parsed.data!;
        if (seen.has(input.email) || (await this.users.emailTaken(s, input.email))) {
          skipped.push({ row: r.row, email: input.email, errors: { email: [OrgMessages.emailTaken] } });
          continue;
        }
        seen.add(input.email);
        valid.push({ input, row: r.row });
      }
      if (Object.keys(errors).length) throw new AppError('VALIDATION', { fields: errors });
      for (const { input } of valid) {
        const u = await this.users.insert(s, {
          name: input.name, email: input.email, phone: input.phone, position: input.position ?? null, designation: input.designation ?? null,
          dateOfBirth: input.date_of_birth ?? null, roleId: input.role_id, team: input.team ?? null, lang: input.lang, status: 'Pending',
        });
        await this.users.setCommittees(s, u.id, [], input.member_committees);
        await this.usersService.invite(s, u, actor);
      }
      await this.logs.write(s, actor, `Uploaded ${valid.length} users from a sheet`);
      after(() => this.storage.remove(fileKey).catch((err: unknown) => logger().warn({ err, key: fileKey }, 'imported sheet left in storage')));
      return { created: valid.length, skipped };
    });
  }
}
