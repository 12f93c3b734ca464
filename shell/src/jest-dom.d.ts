// Types of the jest-dom matchers used by the component tests (setup: shared-kit/src/testing/setup-dom.ts).
import '@testing-library/jest-dom';
