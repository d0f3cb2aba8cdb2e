// Workout Summary: after the last exercise, the "complete" card takes focus so it is read out.
document.getElementById('finished')?.focus();
