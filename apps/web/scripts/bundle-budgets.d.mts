/** Types of scripts/bundle-budgets.mjs (the bundle budget check of issue #19). */
export declare const SIGN_IN_BUDGET_KB: number;
export declare const ROUTE_BUDGET_KB: number;

/** A measured route: manifest keys loaded before its data (`load`) and after its first paint (`later`). */
export interface BudgetRoute {
  name: string;
  path: string;
  budgetKb?: number;
  ceilingKb?: number;
  load: string[];
  later?: string[];
  /** false: index.html does not preload this route's files (scripts/route-preload.mjs). */
  preload?: boolean;
  /** The page-permission action keys the router checks on this path, outer first (index.html starts those checks). */
  permissions?: string[];
  /** The i18n keys of the page's heading and lead, drawn by index.html's boot shell (`{part}`: the part of the day). */
  boot?: string[];
}

/** What {@link measureRoutes} answers per route (KB of 1,000 gzipped bytes). */
export interface RouteFigure {
  name: string;
  path: string;
  budgetKb: number;
  ceilingKb: number;
  files: number;
  kb: number;
  laterKb: number;
  overBudget: boolean;
  failed: boolean;
  missing: string[];
}

export declare const routes: BudgetRoute[];
export declare function measureRoutes(
  manifest: Record<string, { file: string; imports?: string[] }>,
  gzipBytes: (file: string) => number,
  routeList?: BudgetRoute[],
): RouteFigure[];
