import PDFDocument from 'pdfkit';
import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import type { Brand } from '@monitor/domain/shared/brands';
import {
  CALIBRATION_TOLERANCE_F,
  checkPoint,
  isInCalibration,
  type CalibrationPoint,
} from '@monitor/domain/devices/nist-certificates';
import { fahrenheit, fahrenheitToCelsius, roundTo } from '@monitor/domain/shared/temperature';

/** What a certificate says (a nist_certificates row, its unit and its brand). */
export type CertificateContent = {
  certificateNumber: string;
  serialNumber: string;
  deviceType: number;
  /** YYYY-MM-DD. */
  calibratedOn: string;
  dueOn: string;
  referenceInstrument: string;
  asFound: CalibrationPoint[];
  asLeft: CalibrationPoint[];
  issuedAt: Date;
  brand: Brand;
};

/** The model a NIST type is sold as: type 8 measures humidity too, 9 and 10 temperature only. */
export function nistModelName(brand: Brand, deviceType: number): string {
  const measures = deviceType === 8 ? 'Temperature & Humidity' : 'Temperature';
  return `${brand.name} NIST-Certified ${measures} Monitor (type ${deviceType})`;
}

const fixed = (value: number, decimals: number) => roundTo(value, decimals).toFixed(decimals);
const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '-' : '±'}${fixed(Math.abs(value), 2)}`;
const withCelsius = (f: number) =>
  `${fixed(f, 1)} °F (${fixed(fahrenheitToCelsius(fahrenheit(f)), 1)} °C)`;

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#9aa5b1';
const BAND = '#e4e7eb';
const PASS = '#1e6b3a';
const FAIL = '#a61b1b';

/**
 * Draws a calibration certificate as a real lab issues one (US Letter, one page): the lab (the
 * brand), the title and certificate number, the instrument, the calibration and due dates, the
 * reference instrument and tolerance, the as-found and as-left points in a table with each error
 * and verdict, the traceability statement and the signatures. Answers the document as a stream,
 * already ended: pipe it where it is kept. `compress: false` leaves the text searchable (tests).
 */
export function renderCertificatePdf(
  content: CertificateContent,
  { compress = true }: { compress?: boolean } = {},
): PDFKit.PDFDocument {
  const { brand } = content;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress,
    info: {
      Title: `Certificate of Calibration ${content.certificateNumber}`,
      Author: `${brand.name} Calibration Laboratory`,
      Subject: `NIST-traceable temperature calibration of unit ${content.serialNumber}`,
      CreationDate: content.issuedAt,
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  // The lab.
  doc.rect(0, 0, doc.page.width, 8).fill('#243b53');
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(`${brand.name} Calibration Laboratory`, left, 40, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Temperature metrology  ·  ${brand.phone}  ·  ${brand.email}`, { width });
  doc.moveTo(left, 86).lineTo(right, 86).lineWidth(1.5).strokeColor('#243b53').stroke();

  // The title and number.
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('Certificate of Calibration', left, 104, { width, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text('NIST-Traceable Temperature Calibration', { width, align: 'center' });
  doc.moveDown(0.6);
  const numberY = doc.y;
  doc.roundedRect(left + width / 2 - 150, numberY, 300, 26, 4).fillAndStroke(BAND, RULE);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Certificate No. ${content.certificateNumber}`, left, numberY + 8, {
      width,
      align: 'center',
    });

  // The instrument and the calibration, two columns of label and value.
  const fields = (title: string, x: number, y: number, rows: [string, string][]) => {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(title, x, y);
    let rowY = y + 18;
    for (const [label, value] of rows) {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, rowY, { width: 92 });
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(INK)
        .text(value, x + 94, rowY, { width: width / 2 - 104 });
      rowY = Math.max(doc.y, rowY + 13) + 3;
    }
    return rowY;
  };
  const sectionY = numberY + 46;
  const instrumentEnd = fields('Instrument', left, sectionY, [
    ['Serial number', content.serialNumber],
    ['Model', nistModelName(brand, content.deviceType)],
    ['Manufacturer', brand.name],
    ['Measurand', 'Air temperature'],
  ]);
  const calibrationEnd = fields('Calibration', left + width / 2 + 6, sectionY, [
    ['Calibration date', formatLongDate(content.calibratedOn)],
    ['Calibration due', formatLongDate(content.dueOn)],
    ['Reference', content.referenceInstrument],
    [
      'Tolerance',
      `±${fixed(CALIBRATION_TOLERANCE_F, 1)} °F (±${fixed((CALIBRATION_TOLERANCE_F * 5) / 9, 1)} °C)`,
    ],
    ['Method', 'Comparison with the reference in a stirred liquid bath'],
  ]);

  // The points.
  let y = Math.max(instrumentEnd, calibrationEnd) + 14;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Results', left, y);
  y += 18;
  const columns = [
    { title: 'Point', width: 0.08 },
    { title: 'Reference', width: 0.22 },
    { title: 'As found °F', width: 0.12 },
    { title: 'Error °F', width: 0.1 },
    { title: 'Result', width: 0.1 },
    { title: 'As left °F', width: 0.12 },
    { title: 'Error °F', width: 0.1 },
    { title: 'Result', width: 0.16 },
  ].map((column) => ({ ...column, width: column.width * width }));
  const rowHeight = 20;
  const row = (cells: { text: string; color?: string; bold?: boolean }[], fill?: string) => {
    if (fill) doc.rect(left, y, width, rowHeight).fill(fill);
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc
        .font(cell.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(cell.color ?? INK)
        .text(cell.text, x + 4, y + 6, { width: column.width - 8, align: 'center' });
      x += column.width;
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(right, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y += rowHeight;
  };
  row(
    columns.map((column) => ({ text: column.title, bold: true })),
    BAND,
  );
  const verdict = (isPass: boolean) => ({
    text: isPass ? 'PASS' : 'FAIL',
    color: isPass ? PASS : FAIL,
    bold: true,
  });
  content.asLeft.forEach((leftPoint, index) => {
    const found = checkPoint(content.asFound[index] ?? leftPoint);
    const leftChecked = checkPoint(leftPoint);
    row([
      { text: String(index + 1) },
      { text: withCelsius(leftChecked.referenceF) },
      { text: fixed(found.readingF, 1) },
      { text: signed(found.errorF) },
      verdict(found.isPass),
      { text: fixed(leftChecked.readingF, 1) },
      { text: signed(leftChecked.errorF) },
      verdict(leftChecked.isPass),
    ]);
  });
  doc
    .rect(
      left,
      y - rowHeight * (content.asLeft.length + 1),
      width,
      rowHeight * (content.asLeft.length + 1),
    )
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();

  const foundIn = isInCalibration(content.asFound);
  const leftIn = isInCalibration(content.asLeft);
  y += 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(leftIn ? PASS : FAIL)
    .text(
      `As found: ${foundIn ? 'IN' : 'OUT OF'} TOLERANCE.  As left: ${leftIn ? 'IN' : 'OUT OF'} TOLERANCE.`,
      left,
      y,
      { width },
    );
  doc.moveDown(0.8);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Readings are in degrees Fahrenheit; the error is the unit’s reading less the reference. ' +
        'The reference instrument is calibrated by an accredited laboratory with measurements ' +
        'traceable to the International System of Units (SI) through the National Institute of ' +
        'Standards and Technology (NIST). The expanded uncertainty of the comparison is ±0.1 °F ' +
        '(k = 2, about 95 % confidence). "As found" is the unit as received; "as left" is the unit ' +
        'after adjustment, as shipped. This certificate applies only to the unit named above and ' +
        'may not be reproduced except in full.',
      { width, align: 'justify', lineGap: 2 },
    );

  // The signatures.
  const signY = Math.max(doc.y + 40, 640);
  const signWidth = (width - 40) / 2;
  for (const [index, [role, name]] of [
    ['Calibrated by', 'Metrology Technician'],
    ['Approved by', 'Quality Manager'],
  ].entries()) {
    const x = left + index * (signWidth + 40);
    doc
      .moveTo(x, signY)
      .lineTo(x + signWidth, signY)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${role}: ${name}, ${brand.name} Calibration Laboratory`, x, signY + 5, {
        width: signWidth,
      });
  }

  // The footer.
  const footerY = doc.page.height - doc.page.margins.bottom - 14;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `${content.certificateNumber}  ·  issued ${content.issuedAt.toISOString().slice(0, 10)}  ·  page 1 of 1`,
      left,
      footerY,
      { width, align: 'center', lineBreak: false },
    );
  doc.end();
  return doc;
}
