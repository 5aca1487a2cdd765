/**
 * The number given as `--name <n>` on the bench's command line, else `fallback` (the benches'
 * options: clients, seconds, warm-up seconds, row counts, port…).
 */
export const numberArg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/**
 * The `--only <texts>` filter of a bench's calls: the texts, separated by `;`
 * (`--only "levels of a warehouse;history"`), and a test whether a call's name contains any of
 * them — every name passes when the option is absent. `texts` is undefined then (for the report).
 */
export const onlyArg = (): { texts: string[] | undefined; keeps: (name: string) => boolean } => {
  const i = process.argv.indexOf('--only');
  const texts =
    i > 0
      ? (process.argv[i + 1] ?? '')
          .split(';')
          .map((t) => t.trim())
          .filter(Boolean)
      : undefined;
  return { texts, keeps: (name) => !texts?.length || texts.some((t) => name.includes(t)) };
};
