/** Types of build.mjs (see its doc comment): bundles `entry` (.ts) into `outfile` (.mjs) and answers `outfile`. */
export function bundleServer(entry: string, outfile: string): Promise<string>;
