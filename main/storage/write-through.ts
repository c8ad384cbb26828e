/**
 * A file's contents kept in memory and changed one change at a time (the activity journal, the
 * fee settings): read on first use, a failed read tried again next time rather than cached;
 * each change runs on a copy after every earlier change, and the copy is written before it
 * becomes the contents in memory, so a failed write leaves memory as the disk is.
 */

/** What a write-through store needs of its file. */
export interface ReadWriteFile<D> {
  read(): Promise<D>;
  write(data: D): Promise<void>;
}

export interface WriteThrough<D> {
  /** The contents (read once, then kept). */
  load(): Promise<D>;
  /** Runs `change` on a copy, writes the copy, then keeps it; answers what `change` returned. */
  change<T>(change: (copy: D) => T): Promise<T>;
}

/**
 * @example const journal = writeThrough(file, (list) => [...list]); await journal.change((list) => list.push(entry));
 */
export function writeThrough<D>(file: ReadWriteFile<D>, copy: (data: D) => D): WriteThrough<D> {
  let contents: Promise<D> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function load(): Promise<D> {
    contents ??= file.read();
    contents.catch(() => (contents = null));
    return contents;
  }

  return {
    load,
    change<T>(change: (copy: D) => T): Promise<T> {
      const run = queue.then(async () => {
        const data = copy(await load());
        const result = change(data);
        await file.write(data);
        contents = Promise.resolve(data);
        return result;
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
