import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { SLOW, foundDevice, renderStep } from '../test/render-step';
import { DeviceInformationStep, type DeviceInformationStepProps } from './device-information-step';

function setUp(
  answer: MockRoute['answer'] = { body: foundDevice() },
  props: Partial<DeviceInformationStepProps> = {},
) {
  const api = mockApi([{ path: '/api/validation/serialnumber', answer }]);
  const handlers = {
    onNext: vi.fn(),
    onUnsupportedFirmware: vi.fn(),
    onDirtyChange: vi.fn(),
  };
  const view = renderStep(
    <DeviceInformationStep initial={null} billingCheck={0} {...handlers} {...props} />,
  );
  return { ...view, api, ...handlers };
}

describe('DeviceInformationStep', () => {
  it('keeps letters and digits upper-cased and moves focus to part 2 after 3 valid characters (accounts-devices-billing §5)', async () => {
    const { user } = setUp();
    const first = await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW);
    await user.click(first);
    await user.keyboard('a-b');
    expect(first).toHaveValue('AB');
    expect(first).toHaveFocus();
    await user.keyboard('c');
    expect(first).toHaveValue('ABC');
    expect(screen.getByLabelText('Serial number part 2 of 2')).toHaveFocus();
  });

  it('looks the serial up once it has 6 characters and says it was found (accounts-devices-billing §5)', async () => {
    const { user, api } = setUp();
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('abc12');
    expect(api.find('GET', '/api/validation/serialnumber')).toHaveLength(0);
    await user.keyboard('3');
    expect(await screen.findByText('Serial number found.')).toBeInTheDocument();
    expect(api.find('GET', '/api/validation/serialnumber')[0]!.query.get('serial')).toBe('ABC123');
  });

  it('shows the server message of a 404: the serial does not exist (accounts-devices-billing §5)', async () => {
    const { user, onNext } = setUp(errorAnswer(404, 'Serial number not found.'));
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Serial number not found.');
    await user.type(screen.getByLabelText(/Device name/), 'Barn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
  });

  it('shows one message, the server one, when Next is pressed on a serial that does not exist (accounts-devices-billing §5)', async () => {
    const { user } = setUp(errorAnswer(404, 'This serial number does not exist.'));
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText(/Device name/), 'Barn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('This serial number does not exist.');
  });

  it('asks for a valid serial, once, when Next is pressed before the serial is complete (accounts-devices-billing §5)', async () => {
    const { user } = setUp();
    await user.type(
      await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW),
      'AB',
    );
    await user.type(screen.getByLabelText(/Device name/), 'Barn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Enter a valid serial number.');
  });

  it('shows the server message of a 409: the serial is already registered (accounts-devices-billing §5)', async () => {
    const { user } = setUp(errorAnswer(409, 'This serial number is already registered.'));
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This serial number is already registered.',
    );
  });

  it('hands a unit with firmware below 4 to the firmware gate (accounts-devices-billing §5)', async () => {
    const device = foundDevice({ FirmwareVersion: '3.9' });
    const { user, onUnsupportedFirmware } = setUp({ body: device });
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    await waitFor(() => expect(onUnsupportedFirmware).toHaveBeenCalledWith(device));
  });

  it('lets firmware 4 through (accounts-devices-billing §5, §9)', async () => {
    const { user, onUnsupportedFirmware } = setUp({ body: foundDevice({ FirmwareVersion: '4' }) });
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    await screen.findByText('Serial number found.');
    expect(onUnsupportedFirmware).not.toHaveBeenCalled();
  });

  it('offers the time zones GMT -10 to -4 with Eastern first chosen, and answers what was entered (accounts-devices-billing §9)', async () => {
    const { user, onNext } = setUp();
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    await screen.findByText('Serial number found.');
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveDisplayValue('Eastern (GMT-5)');
    expect([...(zone as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '-10',
      '-9',
      '-8',
      '-7',
      '-6',
      '-5',
      '-4',
    ]);
    await user.type(screen.getByLabelText(/Device name/), '  Barn  ');
    await user.type(screen.getByLabelText('Location'), 'North field');
    await user.selectOptions(zone, '-6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(
      expect.objectContaining({
        serial: 'ABC123',
        name: 'Barn',
        location: 'North field',
        timeZone: -6,
      }),
    );
  });

  it('requires a name (accounts-devices-billing §3)', async () => {
    const { user, onNext } = setUp();
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    await screen.findByText('Serial number found.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses a card-payment unit for a billed account with the brand phone (accounts-devices-billing §5)', async () => {
    const { user, onNext } = setUp({ body: foundDevice({ DeviceType: 1 }) }, { billingCheck: 3 });
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device cannot be added to an invoiced account. Please contact customer service at 1-800-555-0101.',
    );
    await user.type(screen.getByLabelText(/Device name/), 'Barn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses an invoice unit (type 6) for a card customer (accounts-devices-billing §5)', async () => {
    const { user } = setUp({ body: foundDevice({ DeviceType: 6 }) }, { billingCheck: 0 });
    await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
    await user.keyboard('ABC123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device can only be added to an invoiced account.',
    );
  });

  it('alerts a multi-unit type or tenant mismatch and empties the serial (accounts-devices-billing §4, §5)', async () => {
    const { user, onNext } = setUp(
      { body: foundDevice({ DeviceType: 4 }) },
      {
        checkMatch: (device) =>
          device.DeviceType === 1
            ? null
            : 'There was a device type mismatch. Please check the Serial number and try again.',
      },
    );
    const first = await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW);
    await user.click(first);
    await user.keyboard('ABC123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a device type mismatch. Please check the Serial number and try again.',
    );
    await waitFor(() => expect(first).toHaveValue(''));
    expect(screen.getByLabelText('Serial number part 2 of 2')).toHaveValue('');
    expect(onNext).not.toHaveBeenCalled();
  });
});
