import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default; on a busy 2-core machine (two test workers, the API's
// files beside these) a page's next render can take longer. Waiting longer only slows a test that fails anyway.
configure({ asyncUtilTimeout: 5_000 });
