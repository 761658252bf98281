import { describe, expect, it } from 'vitest';
import { axisSplits, chooseValueAxis } from './chart-axes';

const humidity = { min: 32, max: 58, average: 45, count: 10 };

describe('chooseValueAxis', () => {
  it('runs 0 to 100 in steps of 25 when both series show (device-management §9)', () => {
    const axis = chooseValueAxis({
      showTemperature: true,
      showHumidity: true,
      axisMin: 55,
      axisMax: 80,
      humidity,
    });
    expect(axis).toEqual({ min: 0, max: 100, step: 25 });
    expect(axisSplits(axis)).toEqual([0, 25, 50, 75, 100]);
  });

  it('widens the shared axis by whole steps rather than cut off a freezer’s readings (device-management §9)', () => {
    const axis = chooseValueAxis({
      showTemperature: true,
      showHumidity: true,
      axisMin: -25,
      axisMax: 40,
      humidity,
    });
    expect(axis).toEqual({ min: -25, max: 100, step: 25 });
  });

  it("takes the server's temperature axis in steps of 10 for temperature alone (device-management §9)", () => {
    const axis = chooseValueAxis({
      showTemperature: true,
      showHumidity: false,
      axisMin: 63,
      axisMax: 77,
      humidity,
    });
    expect(axis).toEqual({ min: 63, max: 77, step: 10 });
    expect(axisSplits(axis)).toEqual([70]);
    expect(axisSplits({ min: -40, max: 120, step: 10 })).toHaveLength(17);
  });

  it('pads humidity alone by 5 within 0–100, in steps of 10 (device-management §9)', () => {
    expect(
      chooseValueAxis({
        showTemperature: false,
        showHumidity: true,
        axisMin: 0,
        axisMax: 120,
        humidity,
      }),
    ).toEqual({
      min: 20,
      max: 70,
      step: 10,
    });
    expect(
      chooseValueAxis({
        showTemperature: false,
        showHumidity: true,
        axisMin: 0,
        axisMax: 120,
        humidity: { min: 2, max: 98, average: 50, count: 3 },
      }),
    ).toEqual({ min: 0, max: 100, step: 10 });
  });
});
