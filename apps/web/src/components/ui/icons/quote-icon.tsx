import { IconQuote } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const QuoteIcon = appIcon('Quote', IconQuote);
