import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { SLOW, renderStep } from '../test/render-step';
import { TermsModal } from './terms-modal';

function setUp() {
  mockApi();
  const onAgree = vi.fn();
  const onCancel = vi.fn();
  const view = renderStep(
    <TermsModal opened brandName="MarCell" onAgree={onAgree} onCancel={onCancel} />,
  );
  return { ...view, onAgree, onCancel };
}

describe('TermsModal', () => {
  it('is not dismissed by Escape or by a click on the backdrop (accounts-devices-billing §5)', async () => {
    const { user, onCancel, onAgree } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
    await user.keyboard('{Escape}');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay!);
    fireEvent.click(overlay!);
    expect(screen.getByRole('dialog', { name: 'Legal terms' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onAgree).not.toHaveBeenCalled();
  });

  it('must be agreed before it lets the save go on (accounts-devices-billing §5)', async () => {
    const { user, onAgree } = setUp();
    const agree = await screen.findByRole('button', { name: 'Agree and register' }, SLOW);
    expect(agree).toBeDisabled();
    await user.click(screen.getByLabelText('I have read and agree to the legal terms'));
    await user.click(agree);
    expect(onAgree).toHaveBeenCalledTimes(1);
  });

  it('is left by its own Cancel button', async () => {
    const { user, onCancel } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, SLOW));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
