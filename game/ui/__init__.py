"""Panels, dialogs and scenes of the window (pygame and pygame-gui)."""
