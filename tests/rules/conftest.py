import os
import sys

# the pokerkit side-by-side harness lives next to the tests
sys.path.insert(0, os.path.dirname(__file__))
