import '@mantine/core/styles/Switch.css';
import { Alert, Skeleton, Switch } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { errorMessageFor } from '../../../lib/api-client';
import { useChangeReportScheduleMutation, useReportSchedule } from '../api/report-schedule';

const LABEL = 'E-mail me a weekly report';
const DESCRIPTION =
  "Every Monday morning (device's zone): the week's lowest, highest and average readings, the alarms, and the week's readings as a CSV file.";

/**
 * The owner's opt-in to the weekly report e-mail (issue #12, decision 032). Absent for a
 * sub-account: the server reads it false for them and refuses the change.
 */
export function WeeklyReportSwitch({ device }: { device: UserDevice }) {
  if (device.SubAccountDevice) return null;
  return <OwnerWeeklyReportSwitch userDeviceId={device.Id} />;
}

function OwnerWeeklyReportSwitch({ userDeviceId }: { userDeviceId: number }) {
  const schedule = useReportSchedule(userDeviceId);
  const change = useChangeReportScheduleMutation();

  if (schedule.isPending) {
    return <Skeleton height={44} maw={420} aria-label="Loading the weekly report setting" />;
  }
  if (schedule.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessageFor(
          schedule.error,
          'Could not load the weekly report setting. Please try again later.',
        )}
      </Alert>
    );
  }
  return (
    <div>
      <Switch
        label={LABEL}
        description={DESCRIPTION}
        checked={schedule.data.WeeklyReport}
        disabled={change.isPending}
        onChange={(event) => {
          change.reset();
          change.mutate({ userDeviceId, isWeeklyReport: event.currentTarget.checked });
        }}
      />
      {change.isError && (
        <Alert color="red" role="alert" mt="xs">
          {change.variables.isWeeklyReport
            ? 'The weekly report could not be turned on. '
            : 'The weekly report could not be turned off. '}
          {errorMessageFor(change.error, 'Please try again later.')}
        </Alert>
      )}
    </div>
  );
}
