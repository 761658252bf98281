import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SensorType } from '@monitor/domain/alarms/alarm-points';
import type { TemperatureModel } from '@monitor/domain/alarms/alarm-ranges';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { RangeFields, type RangeEntry } from './range-fields';

function Harness(props: {
  sensorType?: SensorType;
  model?: TemperatureModel;
  unit: TempPref;
  initial: RangeEntry;
}) {
  const [entry, setEntry] = useState(props.initial);
  return (
    <RangeFields
      sensorType={props.sensorType ?? 'TEMP'}
      title="Temperature"
      model={props.model ?? 'basic'}
      unit={props.unit}
      entry={entry}
      onChange={setEntry}
    />
  );
}

function setUp(props: Parameters<typeof Harness>[0]) {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
  return { user };
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
  return field;
}

describe('RangeFields', () => {
  it('says beside a high end of 999°F that the unit reads up to 100°F and it will never alarm (device-management §5)', async () => {
    const { user } = setUp({ unit: 'F', initial: { rangeMin: 40, rangeMax: 80 } });
    expect(screen.queryByText(/will never raise an alarm/)).not.toBeInTheDocument();
    const high = await typeInto(user, 'High (°F)', '999');
    expect(high).toHaveAccessibleDescription(
      'This unit reads up to 100°F; a high end of 999°F will never raise an alarm.',
    );
    await typeInto(user, 'High (°F)', '100');
    expect(screen.queryByText(/will never raise an alarm/)).not.toBeInTheDocument();
  });

  it('says it in the customer’s unit: a basic unit reads up to 37.8°C (device-management §5)', async () => {
    const { user } = setUp({ unit: 'C', initial: { rangeMin: 4.4, rangeMax: 26.7 } });
    const high = await typeInto(user, 'High (°C)', '40');
    expect(high).toHaveAccessibleDescription(
      'This unit reads up to 37.8°C; a high end of 40°C will never raise an alarm.',
    );
  });

  it('says beside a low end below the model’s minimum temperature that it will never alarm (device-management §5)', async () => {
    const { user } = setUp({ unit: 'F', model: 'pro', initial: { rangeMin: 40, rangeMax: 80 } });
    const low = await typeInto(user, 'Low (°F)', '-30');
    expect(low).toHaveAccessibleDescription(
      'This unit reads down to -20°F; a low end of -30°F will never raise an alarm.',
    );
  });

  it('says nothing of a humidity range', () => {
    setUp({ unit: 'F', sensorType: 'HUMIDITY', initial: { rangeMin: 0, rangeMax: 100 } });
    expect(screen.queryByText(/will never raise an alarm/)).not.toBeInTheDocument();
  });
});
