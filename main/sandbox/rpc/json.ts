/**
 * JSON with u64 values: a bigint is written as a bare number, exactly, as a validator writes its
 * u64 fields (JSON.stringify would throw, and Number() would round above 2^53).
 */
export function stringifyJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => stringifyJson(item)).join(',')}]`;
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (item === undefined) continue;
        parts.push(`${JSON.stringify(key)}:${stringifyJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
