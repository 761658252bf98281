import { STORE_ITEM_IDS } from '@monitor/domain/store/store-items';

type Kind = 'monitor' | 'bundle' | 'puck' | 'cable' | 'update' | 'pet';

function kindOf(itemId: number, isAccessory: boolean): Kind {
  switch (itemId) {
    case STORE_ITEM_IDS.item4:
      return 'puck';
    case STORE_ITEM_IDS.item7:
      return 'cable';
    case STORE_ITEM_IDS.instantUpdates:
      return 'update';
    case STORE_ITEM_IDS.petMonitor:
      return 'pet';
    case STORE_ITEM_IDS.standardBundle:
    case STORE_ITEM_IDS.standardBundleCarrier2:
    case STORE_ITEM_IDS.professionalBundle:
    case STORE_ITEM_IDS.professionalBundleCarrier2:
      return 'bundle';
    default:
      return isAccessory ? 'puck' : 'monitor';
  }
}

const monitor = (x: number) => (
  <g transform={`translate(${x} 0)`}>
    <rect
      x="0"
      y="14"
      width="56"
      height="72"
      rx="10"
      fill="var(--mantine-color-white)"
      stroke="currentColor"
      strokeWidth="3"
    />
    <rect x="9" y="26" width="38" height="22" rx="4" fill="currentColor" opacity="0.18" />
    <text x="28" y="42" textAnchor="middle" fontSize="12" fontWeight="700" fill="currentColor">
      72°
    </text>
    <circle cx="28" cy="66" r="6" fill="currentColor" opacity="0.55" />
    <path d="M44 14 V2" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </g>
);

const puck = (x: number, y: number) => (
  <g>
    <ellipse cx={x} cy={y} rx="20" ry="9" fill="currentColor" opacity="0.3" />
    <ellipse
      cx={x}
      cy={y - 5}
      rx="20"
      ry="9"
      fill="var(--mantine-color-white)"
      stroke="currentColor"
      strokeWidth="3"
    />
  </g>
);

/** A simple drawing of the product, decorative: the card's text names it. */
export function ProductIllustration({
  itemId,
  isAccessory,
}: {
  itemId: number;
  isAccessory: boolean;
}) {
  const kind = kindOf(itemId, isAccessory);
  return (
    <svg
      viewBox="0 0 120 90"
      width="100%"
      height="110"
      aria-hidden="true"
      focusable="false"
      style={{ color: 'var(--mantine-primary-color-filled)' }}
    >
      {kind === 'monitor' && monitor(32)}
      {kind === 'bundle' && (
        <>
          {monitor(14)}
          {puck(92, 70)}
        </>
      )}
      {kind === 'puck' && puck(60, 52)}
      {kind === 'cable' && (
        <>
          <path
            d="M20 20 C 60 10, 30 70, 90 60"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <rect x="86" y="52" width="16" height="16" rx="3" fill="currentColor" />
          <path
            d="M30 80 q6 -10 12 0 t12 0 t12 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            opacity="0.5"
          />
        </>
      )}
      {kind === 'update' && (
        <>
          <circle cx="60" cy="45" r="32" fill="none" stroke="currentColor" strokeWidth="4" />
          <path d="M64 18 L46 50 H60 L54 74 L76 38 H62 Z" fill="currentColor" />
        </>
      )}
      {kind === 'pet' && (
        <g fill="currentColor">
          <ellipse cx="60" cy="58" rx="18" ry="15" />
          <circle cx="36" cy="36" r="8" />
          <circle cx="52" cy="24" r="8" />
          <circle cx="68" cy="24" r="8" />
          <circle cx="84" cy="36" r="8" />
        </g>
      )}
    </svg>
  );
}
