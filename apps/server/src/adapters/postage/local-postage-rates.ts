import zipcodes from 'zipcodes';
import { cents } from '@monitor/domain/shared/money';
import { parsePostalCode } from '@monitor/domain/shared/postal-codes';
import {
  unknownZipCode,
  type PostageQuery,
  type PostageRates,
  type PostageService,
} from './postage-rates';

/**
 * Distance zones from the origin, as parcel carriers price them: the upper bound in miles of
 * zones 1 to 8. Alaska, Hawaii, the territories and Canada are zone 9.
 */
const ZONE_MILES = [50, 150, 300, 600, 1000, 1400, 1800, Infinity];
const FAR_STATES = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * Cents for the first pound and for each further pound, by zone 1–9. Regular is ground; overnight
 * is next-day air. Figures in the range of the carriers' 2026 retail tables.
 */
const RATES: Readonly<Record<PostageService, { first: number[]; perPound: number[] }>> = {
  2: {
    first: [895, 925, 965, 1045, 1135, 1215, 1290, 1365, 1995],
    perPound: [60, 75, 95, 125, 160, 195, 225, 255, 420],
  },
  1: {
    first: [3150, 3490, 3890, 4350, 4790, 5190, 5590, 5990, 8990],
    perPound: [290, 340, 410, 495, 570, 640, 700, 760, 1190],
  },
};

/**
 * The zone of a destination from the origin (1–9), or null for a ZIP that is not a well-formed
 * US ZIP or Canadian postal code, or a US ZIP the data does not know. Canada is the far zone
 * whatever the postal code, so the package's partial Canadian data never refuses a real one.
 */
export function postageZone(fromZip: string, toZip: string): number | null {
  const origin = parsePostalCode(fromZip);
  const destination = parsePostalCode(toZip);
  if (!origin || origin.country !== 'US' || !destination) return null;
  const from = zipcodes.lookup(origin.code.slice(0, 5));
  if (!from) return null;
  if (destination.country === 'CA') return 9;
  const to = zipcodes.lookup(destination.code.slice(0, 5));
  if (!to || to.country !== 'US') return null;
  if (FAR_STATES.has(to.state)) return 9;
  const miles = zipcodes.distance(from.zip, to.zip) ?? 0;
  return ZONE_MILES.findIndex((bound) => miles <= bound) + 1;
}

/**
 * The local default (decision 043): a rate table by weight (whole pounds, rounded up) and
 * distance zone, from the packaged ZIP data, so the store quotes postage with no account anywhere.
 */
export function createLocalPostageRates(): PostageRates {
  return {
    kind: 'local',
    quote: ({ weightOunces, fromZip, toZip, service }: PostageQuery) => {
      const zone = postageZone(fromZip, toZip);
      if (zone === null) return Promise.reject(unknownZipCode(toZip));
      const pounds = Math.max(1, Math.ceil(weightOunces / 16));
      const table = RATES[service];
      const rate = table.first[zone - 1]! + (pounds - 1) * table.perPound[zone - 1]!;
      return Promise.resolve({
        rateCents: cents(rate),
        carrier: 'Local rate table',
        serviceName: `${service === 1 ? 'Overnight' : 'Regular'} (zone ${zone})`,
      });
    },
  };
}
