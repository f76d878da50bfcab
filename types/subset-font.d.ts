declare module 'subset-font' {
	type Options = {
		targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt'
		preserveNameIds?: Array<number>
		variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
	}
	export default function subsetFont(font: Buffer | Uint8Array, text: string, options?: Options): Promise<Buffer>
}
