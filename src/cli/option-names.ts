/** The flag of a camelCase option name: `maxSeenKeys` -> `max-seen-keys`. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The argument name of a kebab-case flag: `max-seen-keys` -> `maxSeenKeys`. */
export function camel(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
