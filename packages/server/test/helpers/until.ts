/** Reads until `done` says so (every 100 ms), or throws with the last value read after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
