import PDFDocument from 'pdfkit'
import { toPage, type Sheet, type SheetText } from '../../../shared/drawing/sheet'

/**
 * A solution sheet as PDF, through PDFKit: vector paths only (no bitmaps), DejaVu Sans embedded
 * (subset), one PDF page per sheet page at the paper's size. Page millimetres become points.
 */
export interface PdfFonts {
  readonly regular: string | Buffer
  readonly bold: string | Buffer
}

const PT = 72 / 25.4
const STROKE = { outline: 0.35, 'outline-outer': 0.35, edge: 0.25 } as const

export function sheetPdf(sheet: Sheet, fonts: PdfFonts, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'Puzzle Workbench' },
  })
  doc.registerFont('regular', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const { colors, labels } = sheet.options
  for (const page of sheet.pages) {
    doc.addPage({ size: [page.width * PT, page.height * PT], margin: 0 })
    doc.lineJoin('round').lineCap('round')
    for (const s of page.swatches) {
      doc
        .rect(s.x * PT, s.y * PT, s.size * PT, s.size * PT)
        .lineWidth(0.15 * PT)
        .fillAndStroke(s.color, '#000')
    }
    for (const item of page.items) {
      const pt = (q: readonly [number, number]): [number, number] => {
        const [x, y] = toPage(item, q)
        return [x * PT, y * PT]
      }
      if (colors) {
        for (const p of item.drawing.pieces) doc.polygon(...p.polygon.map(pt)).fill(p.color)
      }
      for (const line of item.drawing.lines) {
        const [first, ...rest] = line.points.map(pt)
        doc.moveTo(...first)
        for (const q of rest) doc.lineTo(...q)
        doc.lineWidth(STROKE[line.kind] * PT).stroke('#000')
      }
      if (labels) {
        const size = Math.max(1.2, Math.min(3, item.scale * 0.35))
        for (const p of item.drawing.pieces) {
          const [x, y] = toPage(item, p.label)
          text(doc, { x, y: y + size * 0.36, text: p.name, size, anchor: 'middle' })
        }
      }
    }
    for (const t of page.texts) text(doc, t)
  }
  doc.end()
  return done
}

function text(doc: PDFKit.PDFDocument, t: SheetText): void {
  doc.font(t.bold ? 'bold' : 'regular').fontSize(t.size * PT)
  const w = doc.widthOfString(t.text)
  const x = t.x * PT - (t.anchor === 'middle' ? w / 2 : t.anchor === 'end' ? w : 0)
  doc.fillColor('#000').text(t.text, x, t.y * PT, { lineBreak: false, baseline: 'alphabetic' })
}
