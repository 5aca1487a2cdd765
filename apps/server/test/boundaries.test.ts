import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layers of src/modules/modules.json as the lint run enforces them: a file that crosses a
// boundary fails `npm run lint`. Each case lints a one-line file at a path inside the tree.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const modulesDir = new URL('../src/modules/', import.meta.url);
const map = JSON.parse(readFileSync(new URL('modules.json', modulesDir), 'utf8')) as { platform: string[]; business: Record<string, string[]> };

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The no-restricted-imports messages of `code` linted as if it were the file `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server module boundaries', () => {
  it('lists every module folder once, as platform or business', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    const declared = [...map.platform, ...Object.keys(map.business)].sort();
    expect(declared).toEqual(folders);
    for (const deps of Object.values(map.business)) for (const d of deps) expect(Object.keys(map.business)).toContain(d);
  });

  it('refuses a foundation file that imports a business module', async () => {
    expect(await refusals('apps/server/src/lib/approvals/x.ts', "import { x } from '../../modules/helpdesk/helpdesk.service';")).toEqual([
      expect.stringContaining('the foundation imports no business module'),
    ]);
    expect(await refusals('apps/server/src/plugins/x.ts', "import { x } from '../modules/stock/stock.service';")).toHaveLength(1);
    expect(await refusals('apps/server/src/hub/x.ts', "import { x } from '../modules/finance/finance.kind';")).toHaveLength(1);
  });

  it('lets the foundation use platform modules and itself', async () => {
    expect(await refusals('apps/server/src/lib/records/x.ts', "import { x } from '../../modules/files/files.service';")).toEqual([]);
    expect(await refusals('apps/server/src/lib/x.ts', "import { x } from './errors';")).toEqual([]);
  });

  it('refuses a platform module that imports a business module', async () => {
    expect(await refusals('apps/server/src/modules/users/x.ts', "import { x } from '../helpdesk/helpdesk.service';")).toEqual([
      expect.stringContaining('a platform module imports no business module'),
    ]);
  });

  it('lets a business module import only the business modules it lists', async () => {
    expect(await refusals('apps/server/src/modules/finance/x.ts', "import { x } from '../stock/stock.service';")).toEqual([]);
    expect(await refusals('apps/server/src/modules/stock/x.ts', "import { x } from '../equipment/equipment.kind';")).toEqual([
      expect.stringContaining('stock does not list it'),
    ]);
    expect(await refusals('apps/server/src/modules/helpdesk/x.ts', "import { x } from '../contracts/contracts.service';")).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/helpdesk/x.ts', "import { x } from '../notifications/notifications.service';")).toEqual([]);
  });

  it("refuses another module's repository or routes, also for a platform module", async () => {
    for (const path of ['apps/server/src/modules/users/x.ts', 'apps/server/src/modules/finance/x.ts']) {
      expect(await refusals(path, "import { x } from '../stock/stock.repository';")).toEqual(expect.arrayContaining([expect.stringContaining("Call the other module's service")]));
      expect(await refusals(path, "import { x } from '../files/files.routes';")).toEqual(expect.arrayContaining([expect.stringContaining("Call the other module's service")]));
    }
    expect(await refusals('apps/server/src/modules/stock/x.ts', "import { x } from './stock.repository';")).toEqual([]);
  });

  it('lets tests reach across modules to set a scene up', async () => {
    expect(await refusals('apps/server/src/modules/stock/x.test.ts', "import { x } from '../equipment/equipment.repository';")).toEqual([]);
  });

  it('keeps the workspace rules in every zone', async () => {
    expect(await refusals('apps/server/src/modules/helpdesk/x.ts', "import { x } from '@servicedesk/ui';")).toHaveLength(1);
  });
});

describe('web feature boundaries', () => {
  const featuresDir = new URL('../../web/src/features/', import.meta.url);
  const features = JSON.parse(readFileSync(new URL('features.json', featuresDir), 'utf8')) as { platform: string[]; business: Record<string, string[]> };

  it('lists every feature folder once, as platform or business (shared is the kit)', () => {
    const folders = readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'shared').map((e) => e.name).sort();
    expect([...features.platform, ...Object.keys(features.business)].sort()).toEqual(folders);
  });

  it('refuses the shared kit importing any feature, at any depth, but not its own folders', async () => {
    expect(await refusals('apps/web/src/features/shared/x.tsx', "import { x } from '../files/FileDownloadPage';")).toEqual([expect.stringContaining('the shared kit imports no feature')]);
    expect(await refusals('apps/web/src/features/shared/record/x.tsx', "import { x } from '../../helpdesk/shared/helpdesk-display';")).toHaveLength(1);
    expect(await refusals('apps/web/src/features/shared/record/x.tsx', "import { x } from '../files/FileDownloadList';")).toEqual([]);
  });

  it("refuses a business feature importing another's files unless it lists it", async () => {
    expect(await refusals('apps/web/src/features/stock/x.tsx', "import { x } from '../helpdesk/shared/helpdesk-display';")).toEqual([expect.stringContaining('stock does not list it')]);
    expect(await refusals('apps/web/src/features/equipment/detail/x.tsx', "import { x } from '../../stock/StockFigures';")).toHaveLength(1);
    expect(await refusals('apps/web/src/features/equipment/detail/x.tsx', "import { x } from '../shared/equipment-display';")).toEqual([]);
    expect(await refusals('apps/web/src/features/dashboard/x.tsx', "import { x } from '../stock/StockFigures';")).toEqual([]);
    expect(await refusals('apps/web/src/features/helpdesk/x.tsx', "import { x } from '../access/use-page-permissions';")).toEqual([]);
  });

  it('refuses a platform feature importing a business feature', async () => {
    expect(await refusals('apps/web/src/features/admin/users/x.tsx', "import { x } from '../../contracts/shared/contracts-display';")).toEqual([
      expect.stringContaining('a platform feature imports no business feature'),
    ]);
  });

  it('keeps the workspace rules in every zone', async () => {
    expect(await refusals('apps/web/src/features/helpdesk/x.tsx', "import { x } from '@servicedesk/server';")).toHaveLength(1);
  });
});
