"""The Go formats: OpenGotha XML, EGD h9/h10 and the FFG .tou, one module each."""
