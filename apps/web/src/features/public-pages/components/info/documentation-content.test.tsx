import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/mock-api';
import { renderWithProviders } from '../../../../test/render-app';
import { DocumentationContent, GUIDES } from './documentation-content';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../public/docs');

describe('the documentation page', () => {
  it.each(GUIDES.map((guide) => [guide.title, guide.file]))(
    'offers the %s as a real PDF served by the web app (store-and-public-site §2 "/documentation")',
    async (title, file) => {
      mockApi();
      renderWithProviders(<DocumentationContent />);
      const link = await screen.findByRole('link', { name: `Download the ${title} (PDF)` });
      expect(link).toHaveAttribute('href', `/docs/${file}`);
      const pdf = readFileSync(resolve(DOCS, file));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
      expect(pdf.toString('latin1')).toMatch(/\/Type \/Page\b/);
    },
  );
});
