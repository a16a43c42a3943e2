import type { PGlite } from '@electric-sql/pglite';

// PostgreSQL asks for a relation's size (lseek to the end of each of its
// files) every time it plans a statement on it, extends it or looks past its
// free-space and visibility maps: planning one lookup by key asks twice, for
// the table and its index. Emscripten's NODEFS answers each with fstat, a
// system call; on a grown journal the database's thread spent 4 ms a save
// in it, a fifth of its time (docs/decisions/104). Only this process changes
// the data directory's files (data-dir-lock.ts), and only through these
// operations, so a size once asked for is kept and moved with every write,
// and forgotten on a truncation.

interface Stream {
  node: object;
}
interface SizeAttr {
  size?: number;
}
interface NodeFs {
  stream_ops: {
    llseek(stream: Stream, offset: number, whence: number): number;
    write(
      stream: Stream,
      buffer: Uint8Array,
      offset: number,
      length: number,
      position: number,
    ): number;
    setattr(stream: Stream, attr: SizeAttr): void;
  };
  node_ops: {
    setattr(node: object, attr: SizeAttr): void;
  };
}

const SEEK_END = 2;

/** Keeps the on-disk PGlite instance's file sizes instead of asking the system each time. */
export function keepFileSizes(pg: PGlite): void {
  const nodeFs = (pg.Module as unknown as { NODEFS: NodeFs }).NODEFS;
  const streamOps = nodeFs.stream_ops;
  const nodeOps = nodeFs.node_ops;
  const sizes = new WeakMap<object, number>();
  const { llseek, write, setattr: setStreamAttr } = streamOps;
  const setNodeAttr = nodeOps.setattr;

  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || offset !== 0) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    return size;
  };
  streamOps.write = (stream, buffer, offset, length, position) => {
    let written;
    try {
      written = write(stream, buffer, offset, length, position);
    } catch (err) {
      // Whatever part of it reached the file, the system knows: ask it next time.
      sizes.delete(stream.node);
      throw err;
    }
    const size = sizes.get(stream.node);
    if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  streamOps.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    setStreamAttr(stream, attr);
  };
  nodeOps.setattr = (node, attr) => {
    sizes.delete(node);
    setNodeAttr(node, attr);
  };
}
