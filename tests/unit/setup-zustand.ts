import { vi } from 'vitest';

// Stores reset between tests: see __mocks__/zustand.ts.
vi.mock('zustand');
