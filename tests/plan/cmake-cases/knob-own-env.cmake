tune_knob(app NAME own ENV TUNE_POLICY VALUES fallback)
