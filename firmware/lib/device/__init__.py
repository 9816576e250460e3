"""The Pico app: screens, input, display, journal, link endpoint. Hardware behind device.hal."""
