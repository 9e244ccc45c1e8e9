"""The Python wrappers' test suite (standard library ``unittest``, numpy): ``npm run test:python``."""
