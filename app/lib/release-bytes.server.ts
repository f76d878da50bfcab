import { types } from 'node:util'

/**
 * Gives a buffer's memory back at once instead of at a later garbage
 * collection, for memory that is garbage from here on: an uncached page left
 * its text encoded whole before its parts were put in (57 KB for the home
 * page) to wait for the collector, and under load such buffers piled up to
 * 15 MB. The caller knows that nothing else reads the memory; only a
 * buffer that is the whole of its memory is released.
 */
export function release(bytes: Buffer) {
	const memory = bytes.buffer
	// A slice of a larger block (Node's shared pool is 64 KB blocks that buffers under 32 KB are cut from) is not the caller's to release.
	if (!types.isArrayBuffer(memory) || memory.detached || bytes.byteLength !== memory.byteLength) return
	try {
		memory.transfer(0)
	} catch {
		// Not detachable: it goes with the garbage collector.
	}
}
